import 'server-only';
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { NOTIFICATION_KINDS } from '@/lib/domain/notifications';
import { userRef, users } from './users';
import { createdAt, outboxColumns, outboxDueIndex, primaryId, sqlList, timestamptz, updatedAt } from './columns';

const kindList = sqlList(NOTIFICATION_KINDS);

// What a user is told, written in the transaction of the action that causes it. The
// text is kept as it was said then; the link is the place it concerns.
export const notifications = pgTable(
  'notifications',
  {
    id: primaryId(),
    recipientId: userRef('recipient_id', 'cascade'),
    // Who did it; null when the app did (an automatic refund).
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    // The envolvement it concerns, kept as a plain id: a notification outlives what it names.
    envolvementId: uuid('envolvement_id'),
    text: text('text').notNull(),
    link: text('link').notNull(),
    createdAt: createdAt(),
    readAt: timestamptz('read_at'),
  },
  (t) => [
    index('notifications_recipient_newest_idx').on(t.recipientId, t.createdAt, t.id),
    index('notifications_unread_idx')
      .on(t.recipientId)
      .where(sql`${t.readAt} is null`),
    // The kinds the app writes are NOTIFICATION_KINDS; the database refuses any other, so a
    // kind mistyped in a query's SQL fails its statement instead of reaching an inbox.
    check('notifications_kind_known', sql`${t.kind} in (${kindList})`),
  ],
);

// The e-mail outbox: one row per notification to be e-mailed, written with it. Workers
// claim rows for a while (lockedUntil), so a worker that dies mid-send leaves its rows to
// the next; a row is sent at most once.
export const emailOutbox = pgTable(
  'email_outbox',
  {
    notificationId: uuid('notification_id')
      .primaryKey()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    ...outboxColumns(),
  },
  (t) => [outboxDueIndex('email_outbox_due_idx', t)],
);

// Which e-mails a user wants; no row means every kind.
export const notificationPreferences = pgTable('notification_preferences', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  emailMembers: boolean('email_members').notNull().default(true),
  emailUpdates: boolean('email_updates').notNull().default(true),
  emailSubmissions: boolean('email_submissions').notNull().default(true),
  emailComments: boolean('email_comments').notNull().default(true),
  // The daily e-mail of new envolvements from the creators the user follows.
  emailFollowing: boolean('email_following').notNull().default(true),
  // When each topic was last switched from off back on; null if never since this was
  // recorded. Unsubscribe links sent before it are refused (lib/notifications/unsubscribe.ts).
  emailMembersOnAt: timestamptz('email_members_on_at'),
  emailUpdatesOnAt: timestamptz('email_updates_on_at'),
  emailSubmissionsOnAt: timestamptz('email_submissions_on_at'),
  emailCommentsOnAt: timestamptz('email_comments_on_at'),
  emailFollowingOnAt: timestamptz('email_following_on_at'),
  updatedAt: updatedAt(),
});

export type NotificationRow = typeof notifications.$inferSelect;
export type EmailOutboxRow = typeof emailOutbox.$inferSelect;
