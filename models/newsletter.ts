import 'server-only';
import { sql } from 'drizzle-orm';
import { check, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { NEWSLETTER_STATUSES } from '@/lib/domain/newsletter';
import { createdAt, primaryId, sqlList, timestamptz } from './columns';

// Visitors who asked for the newsletter (lib/newsletter/service.ts). An address counts only
// once its owner followed the link mailed to it (double opt-in): until then the row holds the
// hash of that link's token, never the token. No account is linked: anyone may subscribe, and
// deleting an account leaves its address's subscription to its own unsubscribe link.
export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: primaryId(),
    email: text('email').notNull(),
    status: text('status', { enum: NEWSLETTER_STATUSES }).notNull().default('pending'),
    // SHA-256 of the confirmation link's token; null once confirmed or unsubscribed.
    tokenHash: text('token_hash'),
    // When the link was last mailed: it works for a while after (NEWSLETTER_LINK_HOURS).
    tokenSentAt: timestamptz('token_sent_at'),
    confirmedAt: timestamptz('confirmed_at'),
    unsubscribedAt: timestamptz('unsubscribed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('newsletter_subscribers_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('newsletter_subscribers_token_unique').on(t.tokenHash),
    check('newsletter_subscribers_status_known', sql`${t.status} in (${sqlList(NEWSLETTER_STATUSES)})`),
  ],
);
