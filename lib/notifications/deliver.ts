import 'server-only';
import { render, toPlainText } from '@react-email/render';
import { createElement } from 'react';
import { sql } from 'drizzle-orm';
import { db } from '@/lib/db/client';
import { rows } from '@/lib/db/rows';
import { EMAIL_TOPIC_LABELS, TOPIC_OF, type NotificationKind } from '@/lib/domain/notifications';
import { logError } from '@/lib/log';
import { NotificationEmail } from '@/lib/mail/notification-email';
import { mailFrom, sendMail } from '@/lib/mail/transport';
import { siteUrl } from '@/lib/site';
import { unsubscribeToken } from './unsubscribe';
import { wantsEmail } from './write';

// The e-mail outbox's worker. A row is claimed for a while before its message is sent and
// marked sent after, so two workers never send the same row, and one that dies mid-send
// leaves the row to be claimed again once the claim runs out. A failed send is retried
// with a growing wait, up to MAX_ATTEMPTS.

export const MAX_ATTEMPTS = 5;
const CLAIM_SECONDS = 120;
const BATCH = 20;

type Claimed = {
  notification_id: string;
  attempts: number;
  // As PostgreSQL wrote it (microseconds): the claim's token, compared exactly when settling.
  locked_until: string;
  recipient_id: string;
  kind: NotificationKind;
  text: string;
  link: string;
  email: string | null;
  name: string;
  wants: boolean;
};

// Due rows (pending and due, or claimed by a worker whose claim ran out), claimed for this
// worker in one statement; SKIP LOCKED lets several workers claim side by side.
async function claim(): Promise<Claimed[]> {
  return rows<Claimed>(sql`
    with due as (
      select notification_id from email_outbox
      where (status = 'pending' and next_attempt_at <= now())
        or (status = 'sending' and locked_until < now() and attempts < ${MAX_ATTEMPTS})
      order by next_attempt_at
      limit ${BATCH}
      for update skip locked
    ), claimed as (
      update email_outbox o set status = 'sending', attempts = o.attempts + 1,
        locked_until = now() + make_interval(secs => ${CLAIM_SECONDS})
      from due where o.notification_id = due.notification_id
      returning o.notification_id, o.attempts, o.locked_until::text as locked_until
    )
    select c.notification_id, c.attempts, c.locked_until, n.recipient_id, n.kind, n.text, n.link, u.email,
      coalesce(nullif(u.nickname, ''), u.name) as name,
      ${wantsEmail} as wants
    from claimed c
    join notifications n on n.id = c.notification_id
    join users u on u.id = n.recipient_id
    left join notification_preferences p on p.user_id = n.recipient_id`);
}

// Only the claim that is still this worker's may settle the row.
async function settle(row: Claimed, set: ReturnType<typeof sql>): Promise<void> {
  await db().execute(sql`
    update email_outbox set ${set}
    where notification_id = ${row.notification_id} and status = 'sending'
      and locked_until = ${row.locked_until}::timestamptz`);
}

/** The message of one notification, with its one-click unsubscribe headers. */
export async function composeEmail(
  row: Pick<Claimed, 'notification_id' | 'recipient_id' | 'kind' | 'text' | 'link' | 'email' | 'name'>,
) {
  const site = siteUrl();
  const topic = TOPIC_OF[row.kind];
  const token = unsubscribeToken(row.recipient_id, topic);
  // Mail clients post to the header's address at once (RFC 8058); a person following the
  // link in the text confirms on a page, so a scanner opening links unsubscribes no one.
  const oneClickUrl = `${site}/api/notifications/unsubscribe?token=${token}`;
  const unsubscribeUrl = `${site}/unsubscribe?token=${token}`;
  const element = createElement(NotificationEmail, {
    recipientName: row.name,
    text: row.text,
    actionUrl: `${site}${row.link}`,
    topicLabel: EMAIL_TOPIC_LABELS[topic],
    preferencesUrl: `${site}/account#notifications`,
    unsubscribeUrl,
  });
  const html = await render(element);
  return {
    from: mailFrom(),
    to: row.email!,
    subject: row.text.length > 120 ? `${row.text.slice(0, 117)}…` : row.text,
    html,
    text: toPlainText(html),
    messageId: `<notification-${row.notification_id}@${new URL(site).hostname}>`,
    headers: {
      'List-Unsubscribe': `<${oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** Whether any e-mail is due now: one look at the outbox's partial index. */
export async function hasDueEmail(): Promise<boolean> {
  const found = await rows<{ due: boolean }>(sql`
    select exists (
      select 1 from email_outbox
      where status in ('pending', 'sending') and next_attempt_at <= now()
        and (status = 'pending' or locked_until < now())
    ) as due`);
  return Boolean(found[0]?.due);
}

export type DeliveryReport = { sent: number; skipped: number; retried: number; failed: number };

/**
 * Sends what is due, batch after batch, until nothing is or `signal` aborts (the job's time
 * is up, or the server is stopping): then the message being sent is finished and the rows
 * not yet tried go back at once. Gives what happened.
 */
export async function deliverDueEmails(options: { signal?: AbortSignal } = {}): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, skipped: 0, retried: 0, failed: 0 };
  // A row whose every claim ran out (its worker died each time) is not tried forever.
  await db().execute(sql`
    update email_outbox set status = 'failed', locked_until = null,
      last_error = coalesce(last_error, 'The worker stopped during every attempt.')
    where status = 'sending' and locked_until < now() and attempts >= ${MAX_ATTEMPTS}`);
  while (!options.signal?.aborted) {
    const batch = await claim();
    if (!batch.length) break;
    let next = 0;
    while (next < batch.length && !options.signal?.aborted) await deliverOne(batch[next++]!, report);
    await release(batch.slice(next));
  }
  return report;
}

// Rows claimed but not tried: as they were, due at once for any worker, this claim's
// attempt not counted.
async function release(rows: Claimed[]): Promise<void> {
  for (const row of rows) await settle(row, sql`status = 'pending', attempts = attempts - 1, locked_until = null`);
}

async function deliverOne(row: Claimed, report: DeliveryReport): Promise<void> {
  // Asked again at send time: an unsubscribe since the notification stops its e-mail.
  if (!row.email || !row.wants) {
    await settle(row, sql`status = 'skipped', locked_until = null`);
    report.skipped += 1;
    return;
  }
  try {
    const messageId = await sendMail(await composeEmail(row));
    await settle(row, sql`status = 'sent', sent_at = now(), message_id = ${messageId}, locked_until = null`);
    report.sent += 1;
  } catch (error) {
    logError('mail', error, { notificationId: row.notification_id, attempt: row.attempts });
    const message = String((error as Error)?.message ?? error).slice(0, 500);
    if (row.attempts >= MAX_ATTEMPTS) {
      await settle(row, sql`status = 'failed', last_error = ${message}, locked_until = null`);
      report.failed += 1;
      return;
    }
    // 30 s, 1 min, 2 min, 4 min… after each failed attempt.
    const wait = 30 * 2 ** (row.attempts - 1);
    await settle(
      row,
      sql`status = 'pending', last_error = ${message}, locked_until = null, next_attempt_at = now() + make_interval(secs => ${wait})`,
    );
    report.retried += 1;
  }
}
