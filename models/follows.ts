import 'server-only';
import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, primaryKey, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { envolvementRef } from './envolvements';
import { userRef } from './users';
import { createdAt, outboxColumns, outboxDueIndex, primaryId } from './columns';

// Who follows which creator. Only the follower reads their own rows; a creator is shown how
// many, never who. Either account's deletion takes the row with it.
export const follows = pgTable(
  'follows',
  {
    followerId: userRef('follower_id', 'cascade'),
    creatorId: userRef('creator_id', 'cascade'),
    createdAt: createdAt(),
  },
  (t) => [
    // Following twice is following once.
    primaryKey({ columns: [t.followerId, t.creatorId] }),
    // A creator's followers, for the fan-out when they publish and their count.
    index('follows_creator_idx').on(t.creatorId),
    check('follows_not_self', sql`${t.followerId} <> ${t.creatorId}`),
  ],
);

// The envolvements whose followers have been told they were published: only the first time
// counts as new, so unpublishing and publishing again tells no one twice.
export const followAnnouncements = pgTable('follow_announcements', {
  envolvementId: envolvementRef('cascade').primaryKey(),
  createdAt: createdAt(),
});

// The daily e-mail of new envolvements from followed creators: one row per person and day at
// most (the unique key holds it), covering the 'new_envolvement' notifications written in
// (coversFrom, coversTo]. An e-mail outbox of its own (lib/mail/outbox.ts runs it).
export const followDigests = pgTable(
  'follow_digests',
  {
    id: primaryId(),
    userId: userRef('user_id', 'cascade'),
    digestDay: date('digest_day').notNull(),
    coversFrom: timestamp('covers_from', { withTimezone: true }).notNull(),
    coversTo: timestamp('covers_to', { withTimezone: true }).notNull(),
    ...outboxColumns(),
  },
  (t) => [
    uniqueIndex('follow_digests_user_day_unique').on(t.userId, t.digestDay),
    index('follow_digests_user_newest_idx').on(t.userId, t.coversTo),
    outboxDueIndex('follow_digests_due_idx', t),
  ],
);

export type FollowRow = typeof follows.$inferSelect;
