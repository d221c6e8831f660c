import 'server-only';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt } from './columns';
import { searchVector } from './search';

// A user's id is the identity subject, `provider|subject` (for example `local|7f3c…`
// or `auth0|abc`). Profile URLs use the part after the '|'.
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email'),
    // When the owner of `email` followed a link sent there, or the identity provider said
    // it had checked it; null until then (lib/users/verification.ts says what waits for it).
    emailVerifiedAt: timestamptz('email_verified_at'),
    // The name shown beside the handle; a deleted account's is erased.
    name: text('name').notNull(),
    // The public handle (`@handle`), chosen by its owner: unique without case among live
    // accounts. An account deleted keeps an empty one.
    nickname: text('nickname').notNull(),
    // False while the handle is one the site gave (to an account made before handles were
    // chosen, or by the identity provider's first sign-in): the owner is told they may change it.
    handleChosen: boolean('handle_chosen').notNull().default(true),
    picture: text('picture'),
    bannerUrl: text('banner_url'),
    bio: text('bio'),
    links: jsonb('links').$type<string[]>().notNull().default([]),
    // When the owner deleted the account: the row stays under an anonymous id for the money
    // records that name it, with every personal field erased.
    deletedAt: timestamptz('deleted_at'),
    passwordHash: text('password_hash'),
    // Sessions carry the version they were issued under; raising it (sign-out, a new
    // password) ends every session issued before.
    sessionVersion: integer('session_version').notNull().default(0),
    // The public name (left out when it holds an e-mail address) and the handle, for the
    // top bar's search of creators; written by a trigger on every change of either.
    searchVector: searchVector(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_handle_unique')
      .on(sql`lower(${t.nickname})`)
      .where(sql`${t.deletedAt} is null`),
    index('users_subject_idx').on(sql`split_part(${t.id}, '|', 2)`),
    index('users_nickname_trgm_idx').using('gin', sql`lower(${t.nickname}) gin_trgm_ops`),
    index('users_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    // As envolvements_search_idx: no pending list for searches to read.
    index('users_search_idx')
      .using('gin', t.searchVector)
      .with({ fastupdate: false })
      .where(sql`${t.deletedAt} is null`),
  ],
);

// The handles people had before: their old `/@handle` address goes on to their profile until
// someone else takes the handle, which releases it (lib/users/handle-addresses.ts).
export const handleRedirects = pgTable(
  'handle_redirects',
  {
    oldHandle: text('old_handle').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('handle_redirects_old_unique').on(sql`lower(${t.oldHandle})`),
    index('handle_redirects_user_idx').on(t.userId),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

/** A required reference to a user, in the text column `name`; deleting the user does `onDelete`. */
export const userRef = (name: string, onDelete: 'cascade' | 'restrict') =>
  text(name)
    .notNull()
    .references(() => users.id, { onDelete });
