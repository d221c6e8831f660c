import 'server-only';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { db } from '@/lib/db/client';
import { rows } from '@/lib/db/rows';
import type { NotificationKind } from '@/lib/domain/notifications';
import { decodeCursor, pageWindow } from '@/lib/paging/cursor';
import { AppError } from '@/lib/http/errors';
import { publicNameSql } from '@/lib/users/public-name-sql';
import { notifications, users } from '@/models';
import type { NotificationDto, NotificationPage } from './types';

export const NOTIFICATIONS_PAGE_SIZE = 20;
/** The unread count stops here: the badge says '99+' past 99, and counting further costs. */
export const UNREAD_COUNT_CAP = 100;

export const NOTIFICATION_NOT_FOUND = 'Notification not found';
export const NOT_YOUR_NOTIFICATION = 'This notification is not yours.';

// Links are written by the app, but they are followed by the browser: only a path of this site.
const safeLink = (link: string) => (/^\/(?![/\\])/.test(link) ? link : '/notifications');

/** What a notification says, as its list and the account's data export give it. */
export const NOTIFICATION_COLUMNS = {
  id: notifications.id,
  kind: notifications.kind,
  text: notifications.text,
  link: notifications.link,
  createdAt: notifications.createdAt,
  readAt: notifications.readAt,
};

type Row = {
  id: string;
  kind: NotificationKind;
  text: string;
  link: string;
  createdAt: Date;
  readAt: Date | null;
  actorId: string | null;
  actorName: string | null;
  actorPicture: string | null;
};

function toDto(row: Row): NotificationDto {
  return {
    id: row.id,
    kind: row.kind,
    text: row.text,
    link: safeLink(row.link),
    createdAt: row.createdAt.toISOString(),
    read: row.readAt !== null,
    actor: row.actorId ? { id: row.actorId, name: row.actorName ?? '', picture: row.actorPicture } : null,
  };
}

/** The keyset bound after `cursor`, or above every row. */
function boundAfter(userId: string, cursor: string | null) {
  if (!cursor) return sql`true`;
  const after = decodeCursor(cursor);
  // The cursor keeps milliseconds and PostgreSQL microseconds: the row's exact time, read
  // where it still exists, keeps rows of the same millisecond from being skipped.
  const at = sql`coalesce(
    (select c.created_at from ${notifications} c where c.id = ${after.id}::uuid and c.recipient_id = ${userId}),
    ${after.createdAt.toISOString()}::timestamptz)`;
  return sql`(${notifications.createdAt}, ${notifications.id}) < (${at}, ${after.id}::uuid)`;
}

/** The user's notifications, newest first, a page at a time, each with who did it. */
export async function listNotifications(userId: string, cursor: string | null = null): Promise<NotificationPage> {
  const found = await db()
    .select({
      ...NOTIFICATION_COLUMNS,
      actorId: users.id,
      actorName: sql<string | null>`${publicNameSql()}`,
      actorPicture: users.picture,
    })
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.actorId))
    .where(and(eq(notifications.recipientId, userId), boundAfter(userId, cursor)))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATIONS_PAGE_SIZE + 1);
  const { rows, nextCursor } = pageWindow(found, NOTIFICATIONS_PAGE_SIZE, ({ createdAt, id }) => ({ createdAt, id }));
  return { items: rows.map(toDto), nextCursor };
}

/** How many of the user's notifications are unread, up to UNREAD_COUNT_CAP: read from the partial index. */
export async function unreadCount(userId: string): Promise<number> {
  const [result] = await rows<{ n: number | string }>(sql`
    select count(*)::int as n from (
      select 1 from ${notifications}
      where recipient_id = ${userId} and read_at is null
      limit ${UNREAD_COUNT_CAP}
    ) as unread`);
  return Number(result?.n ?? 0);
}

/** Marks one of the user's notifications read (again is no change): 404 unknown, 403 someone else's. */
export async function markRead(userId: string, id: string): Promise<void> {
  const marked = await db()
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.recipientId, userId)))
    .returning({ id: notifications.id });
  if (marked.length > 0) return;
  const [found] = await db().select({ id: notifications.id }).from(notifications).where(eq(notifications.id, id));
  throw found ? new AppError('forbidden', NOT_YOUR_NOTIFICATION) : new AppError('not_found', NOTIFICATION_NOT_FOUND);
}

/** Marks every unread notification of the user read. */
export async function markAllRead(userId: string): Promise<void> {
  await db()
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.recipientId, userId), isNull(notifications.readAt)));
}
