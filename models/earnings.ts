import 'server-only';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { envolvementRef } from './envolvements';
import { paymentRef } from './payments';
import { userRef } from './users';
import { primaryId, timestamptz } from './columns';

// What each payment did to its creator's earnings, written by the payments ledger in the
// transaction that moves the payment: a sale when the money first arrives, a refund each
// time more of it goes back. Amounts are signed (a refund is negative), so any window of
// time sums to what the creator earned in it; the fee is the platform's share of the gross.
export const earningsEntries = pgTable(
  'earnings_entries',
  {
    id: primaryId(),
    paymentId: paymentRef(),
    creatorId: userRef('creator_id', 'restrict'),
    envolvementId: envolvementRef('restrict'),
    kind: text('kind', { enum: ['sale', 'refund'] }).notNull(),
    grossCents: integer('gross_cents').notNull(),
    feeCents: integer('fee_cents').notNull(),
    currency: text('currency').notNull(),
    // The payment's refunded total after this entry: a refund entry is written once per total.
    refundedTotalCents: integer('refunded_total_cents').notNull().default(0),
    occurredAt: timestamptz('occurred_at').notNull().defaultNow(),
  },
  (t) => [
    index('earnings_entries_creator_time_idx').on(t.creatorId, t.occurredAt),
    uniqueIndex('earnings_entries_once').on(t.paymentId, t.kind, t.refundedTotalCents),
    check(
      'earnings_entries_signs',
      sql`(${t.kind} = 'sale' and ${t.grossCents} > 0 and ${t.feeCents} >= 0) or (${t.kind} = 'refund' and ${t.grossCents} < 0 and ${t.feeCents} <= 0)`,
    ),
    check('earnings_entries_fee_within_gross', sql`abs(${t.feeCents}) <= abs(${t.grossCents})`),
  ],
);

export type EarningsEntryRow = typeof earningsEntries.$inferSelect;
