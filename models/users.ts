import 'server-only';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

// A user's id is the identity subject, `provider|subject` (for example `local|7f3c…`
// or `auth0|abc`). Profile URLs use the part after the '|'.
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email'),
    name: text('name').notNull(),
    nickname: text('nickname').notNull(),
    picture: text('picture'),
    bannerUrl: text('banner_url'),
    passwordHash: text('password_hash'),
    // Sessions carry the version they were issued under; raising it (sign-out, a new
    // password) ends every session issued before.
    sessionVersion: integer('session_version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_subject_idx').on(sql`split_part(${t.id}, '|', 2)`),
    index('users_nickname_trgm_idx').using('gin', sql`lower(${t.nickname}) gin_trgm_ops`),
    index('users_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

/** A required reference to a user, in the text column `name`; deleting the user does `onDelete`. */
export const userRef = (name: string, onDelete: 'cascade' | 'restrict') =>
  text(name)
    .notNull()
    .references(() => users.id, { onDelete });
