import 'server-only';
import { pgTable, text } from 'drizzle-orm/pg-core';
import { primaryId, createdAt } from './columns';

export const ambassadorApplications = pgTable('ambassador_applications', {
  id: primaryId(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  handle: text('handle').notNull(),
  platform: text('platform').notNull(),
  contentTypes: text('content_types').array().notNull(),
  platformLink: text('platform_link').notNull(),
  createdAt: createdAt(),
});
