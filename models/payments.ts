import 'server-only';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { envolvementRef } from './envolvements';
import { PAYMENT_STATUSES, REFUND_REASONS } from '@/lib/domain/payment-status';
import { userRef, users } from './users';
import { primaryId, createdAt, timestamptz, updatedAt } from './columns';

// The payments ledger: one row per Stripe PaymentIntent the app creates, written before
// the buyer can pay. Amount and currency are what was offered at that moment, so a
// later price change never decides whether a payment is honoured. Rows are never
// deleted, and nothing that references them cascades.
export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    envolvementId: envolvementRef('restrict'),
    buyerId: userRef('buyer_id', 'restrict'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('requires_payment'),
    amountRefundedCents: integer('amount_refunded_cents').notNull().default(0),
    // Where the money goes (the creator's connected account) and the platform's fee,
    // fixed when the intent is created; null and 0 for a payment kept by the platform.
    destinationAccountId: text('destination_account_id'),
    applicationFeeCents: integer('application_fee_cents').notNull().default(0),
    // When the money first arrived: the date of the sale in the creator's earnings.
    paidAt: timestamptz('paid_at'),
    // Set when the app decides to refund in full, before it asks Stripe: a refund that
    // failed half-way is finished by reconciliation.
    refundReason: text('refund_reason', { enum: REFUND_REASONS }),
    // Who asked for that refund: the creator, or null when the app decided on its own.
    refundRequestedBy: text('refund_requested_by').references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // When reconciliation last asked Stripe about it: the least recently checked go first.
    reconciledAt: timestamptz('reconciled_at'),
  },
  (t) => [
    index('payments_buyer_envolvement_idx').on(t.buyerId, t.envolvementId, t.createdAt),
    index('payments_envolvement_idx').on(t.envolvementId, t.status),
    index('payments_status_reconciled_idx').on(t.status, t.reconciledAt),
    // One intent a buyer can still pay per envolvement: a second checkout reuses it.
    uniqueIndex('payments_one_open_per_buyer')
      .on(t.buyerId, t.envolvementId)
      .where(sql`${t.status} in ('requires_payment', 'processing', 'failed')`),
    check('payments_amount_positive', sql`${t.amountCents} > 0`),
    check('payments_refunded_within_amount', sql`${t.amountRefundedCents} between 0 and ${t.amountCents}`),
    check('payments_fee_within_amount', sql`${t.applicationFeeCents} between 0 and ${t.amountCents}`),
  ],
);

/** A required reference to a payment, `payment_id`: a payment is never deleted while anything names it. */
export const paymentRef = () =>
  text('payment_id')
    .notNull()
    .references(() => payments.id, { onDelete: 'restrict' });

// Refunds the app asked Stripe for, and who asked (null: the app on its own).
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: text('id').primaryKey(),
    paymentId: paymentRef(),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason', { enum: REFUND_REASONS }).notNull(),
    requestedBy: text('requested_by').references(() => users.id, { onDelete: 'restrict' }),
    // For a payment to a connected account: what came back from the creator's account
    // (the transfer reversal) and what the platform gave back of its fee.
    transferReversedCents: integer('transfer_reversed_cents').notNull().default(0),
    feeRefundedCents: integer('fee_refunded_cents').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('payment_refunds_payment_idx').on(t.paymentId)],
);

// Every move the ledger was asked to make, applied or refused as backwards, and what asked
// for it (a webhook event id, a read from Stripe, a refund).
export const paymentStatusChanges = pgTable(
  'payment_status_changes',
  {
    id: primaryId(),
    paymentId: paymentRef(),
    fromStatus: text('from_status', { enum: PAYMENT_STATUSES }).notNull(),
    toStatus: text('to_status', { enum: PAYMENT_STATUSES }).notNull(),
    amountRefundedCents: integer('amount_refunded_cents').notNull(),
    source: text('source').notNull(),
    applied: boolean('applied').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('payment_status_changes_payment_idx').on(t.paymentId, t.createdAt)],
);

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentRefundRow = typeof paymentRefunds.$inferSelect;
