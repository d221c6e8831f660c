import { index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { envolvements } from './envolvements';
import { users } from './users';

// One row per buyer of an envolvement: the buyer's access and their spot.
export const purchases = pgTable(
  'purchases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    envolvementId: uuid('envolvement_id')
      .notNull()
      .references(() => envolvements.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull().default(0),
    currency: text('currency').notNull().default('usd'),
    // Set for card payments; unique so one payment grants access once.
    paymentIntentId: text('payment_intent_id').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('purchases_envolvement_user_unique').on(t.envolvementId, t.userId),
    index('purchases_user_idx').on(t.userId, t.createdAt),
  ],
);

export type PurchaseRow = typeof purchases.$inferSelect;
