import 'server-only';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { SubmissionStatus } from '@/lib/domain/submission-status';
import { formatMoney } from '@/lib/domain/money';
import type { Tx } from '@/lib/db/client';
import { publicNameSql } from '@/lib/users/public-name-sql';
import { users } from '@/models';
import { kindSql, notify } from './write';

// The events people are told about, each written inside the transaction of its action.
// Names and titles are read in the same statement, as they stand at that moment.

// The member a notification is about (`u`) and the envolvement's creator (`c`), named as
// every page names them.
const member = publicNameSql(alias(users, 'u'));
const creator = publicNameSql(alias(users, 'c'));
const link = (tab: string) => sql.raw(`'/envolvement/' || e.id || '?tab=${tab}'`);

/** A buyer's card payment took a spot: the creator hears of it. */
export function notifyPaid(
  tx: Tx,
  grant: { envolvementId: string; userId: string; amountCents: number; currency: string },
) {
  return notify(
    tx,
    sql`select e.creator_id, u.id, ${kindSql('member_paid')}, e.id,
      ${member} || ${` paid ${formatMoney(grant.amountCents, grant.currency)} for `} || e.title, ${link('members')}
    from envolvements e join users u on u.id = ${grant.userId}
    where e.id = ${grant.envolvementId}::uuid`,
  );
}

/**
 * A payment's money went back and its membership ended: the buyer and the creator hear
 * of it, except whoever asked for the refund.
 */
export function notifyRefunded(
  tx: Tx,
  payment: {
    envolvementId: string;
    buyerId: string;
    amountCents: number;
    currency: string;
    refundRequestedBy: string | null;
  },
) {
  const amount = formatMoney(payment.amountCents, payment.currency);
  return notify(
    tx,
    sql`select ${payment.buyerId}::text, ${payment.refundRequestedBy}::text, ${kindSql('payment_refunded')}, e.id,
        ${`Your payment of ${amount} for `} || e.title || ' was refunded.', ${link('activity')}
      from envolvements e where e.id = ${payment.envolvementId}::uuid
      union all
      select e.creator_id, ${payment.refundRequestedBy}::text, ${kindSql('member_refunded')}, e.id,
        ${member} || ${` was refunded ${amount} for `} || e.title, ${link('members')}
      from envolvements e join users u on u.id = ${payment.buyerId}
      where e.id = ${payment.envolvementId}::uuid`,
  );
}

// The people who hold a membership of the envolvement `e`.
const MEMBERS = sql.raw(`purchases m where m.envolvement_id = e.id and m.ended_at is null`);

/** The creator posted an update: every member hears of it. */
export function notifyUpdate(tx: Tx, update: { envolvementId: string; postId: string; title: string }) {
  return notify(
    tx,
    sql`select m.user_id, e.creator_id, ${kindSql('update_posted')}, e.id,
      ${creator} || ' posted an update on ' || e.title || ': ' || ${update.title},
      '/envolvement/' || e.id || '?tab=activity#update-' || ${update.postId}
    from envolvements e join users c on c.id = e.creator_id, ${MEMBERS}
      and e.id = ${update.envolvementId}::uuid`,
  );
}

/** Submissions opened: every member hears they can send theirs. */
export function notifySubmissionsOpened(tx: Tx, envolvementId: string) {
  return notify(
    tx,
    sql`select m.user_id, e.creator_id, ${kindSql('submissions_opened')}, e.id,
      'Submissions are open for ' || e.title, ${link('submissions')}
    from envolvements e, ${MEMBERS} and e.id = ${envolvementId}::uuid`,
  );
}

/** A member sent or changed their submission: the creator hears of it. */
export function notifySubmission(tx: Tx, submission: { envolvementId: string; userId: string; changed: boolean }) {
  const verb = submission.changed ? ' changed their submission for ' : ' sent a submission for ';
  return notify(
    tx,
    sql`select e.creator_id, u.id, ${kindSql(submission.changed ? 'submission_changed' : 'submission_received')}, e.id,
      ${member} || ${verb} || e.title, ${link('submissions')}
    from envolvements e join users u on u.id = ${submission.userId}
    where e.id = ${submission.envolvementId}::uuid`,
  );
}

const STATUS_WORDS: Record<SubmissionStatus, string> = {
  inReview: 'is back in review',
  approved: 'was approved',
  denied: 'was denied',
  completed: 'was marked completed',
};

/** The creator set the status of submissions: each submitter hears of theirs. */
export function notifySubmissionStatuses(
  tx: Tx,
  change: { envolvementId: string; creatorId: string; statuses: Array<{ userId: string; status: SubmissionStatus }> },
) {
  if (change.statuses.length === 0) return Promise.resolve(0);
  const rows = sql.join(
    change.statuses.map(({ userId, status }) => sql`(${userId}::text, ${STATUS_WORDS[status]}::text)`),
    sql`, `,
  );
  return notify(
    tx,
    sql`select s.user_id, ${change.creatorId}::text, ${kindSql('submission_status')}, e.id,
      'Your submission for ' || e.title || ' ' || s.words || '.', ${link('submissions')}
    from envolvements e, (values ${rows}) as s (user_id, words)
    where e.id = ${change.envolvementId}::uuid`,
  );
}
