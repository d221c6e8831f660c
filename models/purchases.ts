import 'server-only';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { envolvementRef } from './envolvements';
import { PURCHASE_END_REASONS } from '@/lib/domain/payment-status';
import { payments } from './payments';
import { userRef } from './users';
import { primaryId, createdAt, timestamptz } from './columns';

// One row per membership of an envolvement: the buyer's access and their spot. A
// membership whose money went back is ended, never deleted, so the buyer keeps the
// record and the ledger keeps its link.
export const purchases = pgTable(
  'purchases',
  {
    id: primaryId(),
    envolvementId: envolvementRef('restrict'),
    userId: userRef('user_id', 'restrict'),
    amountCents: integer('amount_cents').notNull().default(0),
    currency: text('currency').notNull().default('usd'),
    // Set for card payments; unique so one payment makes at most one membership, ever.
    paymentIntentId: text('payment_intent_id')
      .unique()
      .references(() => payments.id, { onDelete: 'restrict' }),
    endedAt: timestamptz('ended_at'),
    endReason: text('end_reason', { enum: PURCHASE_END_REASONS }),
    createdAt: createdAt(),
  },
  (t) => [
    // Joining twice is impossible while a membership lasts; after a refund the buyer may join again.
    uniqueIndex('purchases_active_envolvement_user_unique')
      .on(t.envolvementId, t.userId)
      .where(sql`${t.endedAt} is null`),
    // A buyer's purchases newest first, with the id as the keyset cursor's tie-break.
    index('purchases_user_newest_idx').on(t.userId, t.createdAt, t.id),
    index('purchases_envolvement_idx').on(t.envolvementId, t.createdAt),
    // An ended membership always says why, and only an ended one does: the rules read either.
    check('purchases_end_reason_with_end', sql`(${t.endedAt} is null) = (${t.endReason} is null)`),
  ],
);

export type PurchaseRow = typeof purchases.$inferSelect;
