import 'server-only';
import { sql } from 'drizzle-orm';
import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { primaryId, createdAt } from './columns';

export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: primaryId(),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('waitlist_email_unique').on(sql`lower(${t.email})`)],
);
