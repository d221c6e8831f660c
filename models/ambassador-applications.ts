import 'server-only';
import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const ambassadorApplications = pgTable('ambassador_applications', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  handle: text('handle').notNull(),
  platform: text('platform').notNull(),
  contentTypes: text('content_types').array().notNull(),
  platformLink: text('platform_link').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
