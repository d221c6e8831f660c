import 'server-only';
import { sql } from 'drizzle-orm';
import { boolean, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './users';
import { createdAt, updatedAt } from './columns';

// A creator's Stripe connected account, as Stripe last described it (the account.updated
// webhook and reads after onboarding keep it current). The creator is paid through it:
// paid envolvements open only while it can take charges.
export const payoutAccounts = pgTable('payout_accounts', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'restrict' }),
  stripeAccountId: text('stripe_account_id').notNull().unique(),
  chargesEnabled: boolean('charges_enabled').notNull().default(false),
  payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
  detailsSubmitted: boolean('details_submitted').notNull().default(false),
  // What Stripe needs now (its requirements.currently_due and past_due).
  requirementsDue: text('requirements_due')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  disabledReason: text('disabled_reason'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;
