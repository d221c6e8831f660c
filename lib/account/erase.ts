import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { db, type Tx } from '@/lib/db/client';
import { DELETED_ID_PREFIX, DELETED_MEMBER } from '@/lib/domain/deleted-member';
import type { NotificationKind } from '@/lib/domain/notifications';
import { publicName } from '@/lib/domain/public-name';
import { AppError } from '@/lib/http/errors';
import { queueAccountMail } from '@/lib/users/account-mail';
import {
  accountMail,
  accountRequests,
  accountTokens,
  comments,
  dataExports,
  earningsEntries,
  envolvements,
  followDigests,
  follows,
  handleRedirects,
  memberMail,
  notificationPreferences,
  notifications,
  paymentRefunds,
  payments,
  payoutAccounts,
  posts,
  purchases,
  spotWaits,
  submissions,
  submissionStatusChanges,
  users,
} from '@/models';

// A deleted account's money records must stay (the ledger, a creator's earnings, a
// refund's author), and so must what other people see of a shared place: a comment others
// replied to, a member list, a submission under review. So the account is re-keyed: a new
// anonymous row, with every personal field empty, takes over the rows that must stay, the
// rows that were the account's alone are deleted, and the old row goes. Its old id then
// names nothing, so the same e-mail or sign-in identity can start again as someone new.

/**
 * The columns that name a user in rows that outlive the account: they move to the
 * anonymous row. tests/integration/account-deletion.test.ts holds this list and the next
 * to the schema's foreign keys, so a new column that names a user must be placed in one.
 */
export const MOVED_USER_COLUMNS: PgColumn[] = [
  comments.authorId,
  earningsEntries.creatorId,
  envolvements.creatorId,
  notifications.actorId,
  payments.buyerId,
  payments.refundRequestedBy,
  paymentRefunds.requestedBy,
  payoutAccounts.userId,
  posts.authorId,
  purchases.userId,
  submissions.userId,
  // Kept without a foreign key, as the history of a submission: who changed its status.
  submissionStatusChanges.changedBy,
];

/** The columns of rows that were the account's alone: deleted with it. */
export const ERASED_USER_COLUMNS: PgColumn[] = [
  notifications.recipientId,
  notificationPreferences.userId,
  accountTokens.userId,
  accountRequests.userId,
  accountMail.userId,
  dataExports.userId,
  spotWaits.userId,
  // Whom they follow and who follows them: nobody is left following a deleted account.
  follows.followerId,
  follows.creatorId,
  followDigests.userId,
  handleRedirects.userId,
  // A member's own mails (welcome, receipts) not yet sent: there is no one left to send them to.
  memberMail.userId,
];

// Notifications sent to others that begin with the actor's name as it was shown then
// ('Maya Chen joined …', written by lib/notifications/events.ts, lib/comments/service.ts and
// lib/payments/grant.ts), or with their handle in those written before names were shown.
const NAMED_BY_ACTOR: NotificationKind[] = [
  'member_joined',
  'member_paid',
  'update_posted',
  'comment_posted',
  'comment_replied',
  'submission_received',
  'submission_changed',
  'new_envolvement',
];

// What those texts say right after the name: where a name changed since ends.
const AFTER_NAME = [
  'joined',
  'paid',
  'posted an update on',
  'commented on',
  'replied to your comment on',
  'sent a submission for',
  'changed their submission for',
  'published a new envolvement:',
];

const kinds = (list: readonly string[]) =>
  sql.join(
    list.map((kind) => sql`${kind}`),
    sql`, `,
  );

/** The text after the first of `names` it begins with, when `after` follows it; else null. */
function afterName(names: string[], after: string): SQL {
  if (names.length === 0) return sql`null::text`;
  const cases = names.map(
    (name) => sql`when starts_with(text, ${name + after}) then substr(text, length(${name}::text) + 1)`,
  );
  return sql`(case ${sql.join(cases, sql` `)} end)`;
}

/**
 * Notification texts keep the name they were written with: in other people's inboxes,
 * those that name the account now say "Deleted member". The name is found as it is shown
 * now or as the handle; one changed since ends where the words that follow a name begin, or
 * at the first space. A refund told to the creator names the buyer while its actor is
 * whoever asked for it, so those are found by their buyer, and by the name or the handle.
 */
async function forgetName(tx: Tx, userId: string, user: { name: string; nickname: string }): Promise<void> {
  const names = [...new Set([publicName(user), user.nickname])].filter(Boolean);
  const firstWordsAfterName = sql`least(${sql.join(
    AFTER_NAME.map((words) => sql`nullif(strpos(text, ${` ${words} `}), 0)`),
    sql`, `,
  )})`;
  await tx.execute(sql`
    update notifications
    set text = ${DELETED_MEMBER} ||
      coalesce(${afterName(names, ' ')}, substr(text, ${firstWordsAfterName}), substr(text, strpos(text, ' ')))
    where actor_id = ${userId} and kind in (${kinds(NAMED_BY_ACTOR)}) and strpos(text, ' ') > 0`);
  const refunded = afterName(names, ' was refunded ');
  await tx.execute(sql`
    update notifications set text = ${DELETED_MEMBER} || ${refunded}
    where kind = 'member_refunded' and ${refunded} is not null
      and envolvement_id in (select envolvement_id from payments where buyer_id = ${userId})`);
}

const column = (c: PgColumn) => sql.identifier(c.name);

export const CHANGED_MEANWHILE =
  'Something changed while your account was being deleted (a new envolvement?). Please try again.';

export type ErasedAccount = {
  anonymousId: string;
  /** Its handle and the ones it had before: their addresses lead nowhere now. */
  handles: string[];
  /** The picture and banner the account showed: their files go once the erasure is committed. */
  picture: string | null;
  banner: string | null;
};

/**
 * Re-keys and erases the account in one transaction, once its envolvements are removed;
 * queues the message that says it is done to a confirmed address. The account's row is
 * locked first: a write that names it (a new envolvement, a comment, a checkout) waits, and
 * fails once it is gone, instead of landing under the old id.
 */
export async function eraseAccount(userId: string): Promise<ErasedAccount> {
  return db().transaction(async (tx) => {
    const [user] = await tx
      .select({
        name: users.name,
        nickname: users.nickname,
        email: users.email,
        picture: users.picture,
        banner: users.bannerUrl,
      })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .for('update');
    if (!user) throw new AppError('unauthorized', 'You must be signed in to do this.');
    // One made since the removals began would stay on sale under an anonymous creator.
    const [left] = await tx
      .select({ id: envolvements.id })
      .from(envolvements)
      .where(and(eq(envolvements.creatorId, userId), isNull(envolvements.archivedAt)))
      .limit(1);
    if (left) throw new AppError('conflict', CHANGED_MEANWHILE);

    const anonymousId = `${DELETED_ID_PREFIX}${randomUUID()}`;
    // The handle's uniqueness holds among live accounts only: an empty one is no conflict.
    await tx.insert(users).values({
      id: anonymousId,
      name: DELETED_MEMBER,
      nickname: '',
      handleChosen: true,
      deletedAt: sql`now()`,
    });
    await forgetName(tx, userId, user);
    for (const c of MOVED_USER_COLUMNS) {
      await tx.execute(sql`update ${c.table} set ${column(c)} = ${anonymousId} where ${column(c)} = ${userId}`);
    }
    const formerHandles = await tx
      .select({ handle: handleRedirects.oldHandle })
      .from(handleRedirects)
      .where(eq(handleRedirects.userId, userId));
    for (const c of ERASED_USER_COLUMNS) {
      await tx.execute(sql`delete from ${c.table} where ${column(c)} = ${userId}`);
    }
    // Only to an address its owner confirmed (lib/users/account-mail.ts holds every account
    // e-mail to that), so while the account still holds it.
    if (user.email) {
      await queueAccountMail(user.email, { kind: 'account_deleted', payload: { name: user.name } }, null, tx);
    }
    await tx.delete(users).where(eq(users.id, userId));
    return {
      anonymousId,
      picture: user.picture,
      banner: user.banner,
      handles: [user.nickname, ...formerHandles.map((row) => row.handle)],
    };
  });
}
