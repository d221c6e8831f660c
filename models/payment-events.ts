import 'server-only';
import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

// Stripe events already handled. The primary key makes a replayed or duplicated
// delivery a no-op.
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  paymentIntentId: text('payment_intent_id'),
  outcome: text('outcome').notNull(),
  createdAt: createdAt(),
});

export type PaymentEventRow = typeof paymentEvents.$inferSelect;
