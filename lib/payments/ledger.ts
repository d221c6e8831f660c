import 'server-only';
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { envolvementTag, invalidate } from '@/lib/cache';
import { db } from '@/lib/db/client';
import { AppError } from '@/lib/http/errors';
import { feeRefundedCents } from '@/lib/domain/fees';
import { earningsEntries, envolvements, payments, paymentStatusChanges, purchases, type PaymentRow } from '@/models';
import { OPEN_PAYMENT_STATUSES, type PaymentStatus } from '@/lib/domain/payment-status';
import { queueRefundReceipt } from '@/lib/notifications/member-mail';
import { notifyRefunded } from '@/lib/notifications/events';
import { tellFirstWaiting } from '@/lib/spot-waits/service';
import type { Tx } from '@/lib/db/client';
import { applyLedgerChange, isPaid, type LedgerChange, type LedgerMove } from '@/lib/domain/ledger-rules';

export const PAYMENT_NOT_FOUND = 'Payment not found';

const PAYMENT_ID = /^pi_[A-Za-z0-9_]{1,200}$/;

export async function getPayment(id: string): Promise<PaymentRow | null> {
  if (!PAYMENT_ID.test(id)) return null;
  const [row] = await db().select().from(payments).where(eq(payments.id, id)).limit(1);
  return row ?? null;
}

/** A ledger entry of the signed-in buyer: 404 when unknown, 403 when someone else's. */
export async function getOwnPaymentOrThrow(buyerId: string, id: string): Promise<PaymentRow> {
  const payment = await getPayment(id);
  if (!payment) throw new AppError('not_found', PAYMENT_NOT_FOUND);
  if (payment.buyerId !== buyerId) throw new AppError('forbidden', 'This payment belongs to someone else.');
  return payment;
}

/** The intent a buyer can still pay for an envolvement, if there is one. */
export async function getOpenPayment(buyerId: string, envolvementId: string): Promise<PaymentRow | null> {
  const [row] = await db()
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.buyerId, buyerId),
        eq(payments.envolvementId, envolvementId),
        inArray(payments.status, [...OPEN_PAYMENT_STATUSES]),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** How many intents this buyer was ever given for this envolvement. */
export async function countPayments(buyerId: string, envolvementId: string): Promise<number> {
  const [row] = await db()
    .select({ n: count() })
    .from(payments)
    .where(and(eq(payments.buyerId, buyerId), eq(payments.envolvementId, envolvementId)));
  return Number(row?.n ?? 0);
}

/** Records a new intent with what was offered; a second record of the same intent is a no-op. */
export async function recordPayment(values: {
  id: string;
  envolvementId: string;
  buyerId: string;
  amountCents: number;
  currency: string;
  destinationAccountId?: string | null;
  applicationFeeCents?: number;
}): Promise<void> {
  await db().insert(payments).values(values).onConflictDoNothing({ target: payments.id });
}

// The status a change asks for, for the history of a refused move.
function askedStatus(change: LedgerChange, amountCents: number): PaymentStatus {
  switch (change.kind) {
    case 'intent':
      return change.status;
    case 'refunded':
      return change.amountRefundedCents >= amountCents ? 'refunded' : 'partially_refunded';
    case 'dispute_opened':
      return 'disputed';
    case 'dispute_closed':
      return change.won ? 'succeeded' : 'dispute_lost';
  }
}

export type LedgerResult = { payment: PaymentRow; move: LedgerMove } | null;

/**
 * Applies what Stripe says happened to a payment, under a row lock so concurrent events
 * queue. A backwards move is recorded and ignored. A payment whose money went back (full
 * refund, lost dispute) ends its membership and frees the spot in the same transaction,
 * so no later event or call can find access left behind. Null for an unknown payment.
 * A read from Stripe passes `recordRefusal: false`: Stripe keeps a refunded intent at
 * 'succeeded', which says nothing new, where a late 'succeeded' event is worth recording.
 */
export async function moveLedger(
  paymentId: string,
  change: LedgerChange,
  source: string,
  options: { recordRefusal?: boolean } = {},
): Promise<LedgerResult> {
  if (!PAYMENT_ID.test(paymentId)) return null;
  const result = await db().transaction(async (tx) => {
    const [current] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!current) return null;
    const move = applyLedgerChange(current, change);
    if (move.outcome === 'unchanged') return { payment: current, move };
    if (move.outcome === 'refused' && options.recordRefusal === false) return { payment: current, move };
    await tx.insert(paymentStatusChanges).values({
      paymentId,
      fromStatus: current.status,
      toStatus: move.outcome === 'moved' ? move.state.status : askedStatus(change, current.amountCents),
      amountRefundedCents: move.outcome === 'moved' ? move.state.amountRefundedCents : current.amountRefundedCents,
      source: source.slice(0, 200),
      applied: move.outcome === 'moved',
    });
    if (move.outcome === 'refused') return { payment: current, move };
    const paidNow = !current.paidAt && isPaid(move.state.status);
    const [payment] = await tx
      .update(payments)
      .set({
        status: move.state.status,
        amountRefundedCents: move.state.amountRefundedCents,
        ...(paidNow ? { paidAt: sql`now()` } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(payments.id, paymentId))
      .returning();
    await recordEarnings(tx, current, payment!);
    await queueRefundReceiptOf(tx, current, payment!);
    if (move.state.status === 'refunded' || move.state.status === 'dispute_lost') {
      const ended = await tx
        .update(purchases)
        .set({ endedAt: sql`now()`, endReason: move.state.status === 'refunded' ? 'refunded' : 'dispute_lost' })
        .where(and(eq(purchases.paymentIntentId, paymentId), isNull(purchases.endedAt)))
        .returning({ envolvementId: purchases.envolvementId });
      if (ended.length) {
        await tx
          .update(envolvements)
          .set({ currentCount: sql`greatest(${envolvements.currentCount} - 1, 0)` })
          .where(eq(envolvements.id, ended[0]!.envolvementId));
        if (move.state.status === 'refunded') await notifyRefunded(tx, current);
        // The freed spot goes to the first person waiting for one, told in this transaction.
        await tellFirstWaiting(tx, ended[0]!.envolvementId);
      }
    }
    return { payment: payment!, move };
  });
  // A membership ended gives its spot back: the envolvement's visitors' page counts again.
  if (result?.move.outcome === 'moved' && ['refunded', 'dispute_lost'].includes(result.payment.status))
    invalidate(envolvementTag(result.payment.envolvementId));
  return result;
}

// The creator's side of a move: the sale when the money first arrives, and each time more
// of it goes back, the refund and the share of the fee returned with it.
async function recordEarnings(tx: Tx, before: PaymentRow, after: PaymentRow): Promise<void> {
  const sold = !before.paidAt && after.paidAt;
  const refunded = after.amountRefundedCents - before.amountRefundedCents;
  if (!sold && (refunded <= 0 || !after.paidAt)) return;
  const [row] = await tx
    .select({ creatorId: envolvements.creatorId })
    .from(envolvements)
    .where(eq(envolvements.id, after.envolvementId));
  const base = {
    paymentId: after.id,
    creatorId: row!.creatorId,
    envolvementId: after.envolvementId,
    currency: after.currency,
  };
  const entries: (typeof earningsEntries.$inferInsert)[] = [];
  if (sold) {
    entries.push({ ...base, kind: 'sale', grossCents: after.amountCents, feeCents: after.applicationFeeCents });
  }
  if (refunded > 0) {
    const fee = (total: number) => feeRefundedCents(after.applicationFeeCents, after.amountCents, total);
    entries.push({
      ...base,
      kind: 'refund',
      grossCents: -refunded,
      feeCents: -(fee(after.amountRefundedCents) - fee(before.amountRefundedCents)),
      refundedTotalCents: after.amountRefundedCents,
    });
  }
  await tx.insert(earningsEntries).values(entries).onConflictDoNothing();
}

// The buyer's receipt of money that went back in this move, sent by the mail job once the
// ledger's transaction commits. The fee returned is worked out as the earnings work it out.
async function queueRefundReceiptOf(tx: Tx, before: PaymentRow, after: PaymentRow): Promise<void> {
  if (after.amountRefundedCents <= before.amountRefundedCents) return;
  const fee = (total: number) => feeRefundedCents(after.applicationFeeCents, after.amountCents, total);
  await queueRefundReceipt(tx, {
    paymentId: after.id,
    refundedBefore: before.amountRefundedCents,
    feeRefundedCents: fee(after.amountRefundedCents) - fee(before.amountRefundedCents),
  });
}

/**
 * Marks a payment to be refunded in full, once: the first reason and requester stay, so a
 * refund that Stripe has not confirmed yet is finished later with what was decided.
 */
export async function markForRefund(
  paymentId: string,
  reason: NonNullable<PaymentRow['refundReason']>,
  requestedBy: string | null,
): Promise<PaymentRow | null> {
  const [row] = await db()
    .update(payments)
    .set({
      refundReason: sql`coalesce(${payments.refundReason}, ${reason})`,
      refundRequestedBy: sql`case when ${payments.refundReason} is null then ${requestedBy}::text else ${payments.refundRequestedBy} end`,
      updatedAt: sql`now()`,
    })
    .where(eq(payments.id, paymentId))
    .returning();
  return row ?? null;
}
