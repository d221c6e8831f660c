import 'server-only';
import type { SendMailOptions } from 'nodemailer';
import { sql, type SQL } from 'drizzle-orm';
import { db } from '@/lib/db/client';
import { rows } from '@/lib/db/rows';
import { logError } from '@/lib/log';
import { sendMail } from './transport';

// An e-mail outbox's worker, for each table of messages to send (a notification's, an
// account's). A row is claimed for a while before its message is sent and marked sent
// after, so two workers never send the same row, and one that dies mid-send leaves the row
// to be claimed again once the claim runs out. A failed send is retried with a growing
// wait, up to MAX_ATTEMPTS.

/** What every outbox row has, as the claim reads it. */
export type ClaimedRow = {
  key: string;
  attempts: number;
  // As PostgreSQL wrote it (microseconds): the claim's token, compared exactly when settling.
  locked_until: string;
};

/** How many times a message is tried; how long a claim holds a row; how many rows a claim takes. */
export const MAX_ATTEMPTS = 5;
const CLAIM_SECONDS = 120;
const BATCH = 20;

export type Outbox<Row extends ClaimedRow> = {
  /** The table, and the column that names a row. */
  table: 'email_outbox' | 'account_mail' | 'member_mail' | 'follow_digests';
  key: 'notification_id' | 'id';
  /** For the logs. */
  scope: string;
  /**
   * What a claimed row's message is made of: a select over `claimed c`, which holds the
   * claimed rows' `key`, `attempts` and `locked_until`.
   */
  details: SQL;
  /** The message, or null when it is not to be sent (the row is marked skipped). */
  compose: (row: Row) => Promise<SendMailOptions | null>;
  /** What else a row changes once it is done with, sent or not (an erased payload). */
  onDone?: SQL;
};

export type DeliveryReport = { sent: number; skipped: number; retried: number; failed: number };

const ident = (name: string) => sql.raw(`"${name}"`);

// Due rows (pending and due, or claimed by a worker whose claim ran out), claimed for this
// worker in one statement; SKIP LOCKED lets several workers claim side by side.
function claim<Row extends ClaimedRow>(box: Outbox<Row>): Promise<Row[]> {
  const [table, key] = [ident(box.table), ident(box.key)];
  return rows<Row>(sql`
    with due as (
      select ${key} from ${table}
      where (status = 'pending' and next_attempt_at <= now())
        or (status = 'sending' and locked_until < now() and attempts < ${MAX_ATTEMPTS})
      order by next_attempt_at
      limit ${BATCH}
      for update skip locked
    ), claimed as (
      update ${table} o set status = 'sending', attempts = o.attempts + 1,
        locked_until = now() + make_interval(secs => ${CLAIM_SECONDS})
      from due where o.${key} = due.${key}
      returning o.${key} as key, o.attempts, o.locked_until::text as locked_until
    )
    ${box.details}`);
}

// Only the claim that is still this worker's may settle the row.
async function settle(box: Pick<Outbox<ClaimedRow>, 'table' | 'key'>, row: ClaimedRow, set: SQL): Promise<void> {
  await db().execute(sql`
    update ${ident(box.table)} set ${set}
    where ${ident(box.key)} = ${row.key} and status = 'sending'
      and locked_until = ${row.locked_until}::timestamptz`);
}

const done = (box: Outbox<never>) => (box.onDone ? sql`, ${box.onDone}` : sql``);

/** Whether any message of this outbox is due now: one look at its partial index. */
export async function hasDue(table: Outbox<ClaimedRow>['table']): Promise<boolean> {
  const found = await rows<{ due: boolean }>(sql`
    select exists (
      select 1 from ${ident(table)}
      where status in ('pending', 'sending') and next_attempt_at <= now()
        and (status = 'pending' or locked_until < now())
    ) as due`);
  return Boolean(found[0]?.due);
}

/**
 * Sends what is due, batch after batch, until nothing is or `signal` aborts (the job's time
 * is up, or the server is stopping): then the message being sent is finished and the rows
 * not yet tried go back at once. Gives what happened.
 */
export async function deliver<Row extends ClaimedRow>(
  box: Outbox<Row>,
  options: { signal?: AbortSignal } = {},
): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, skipped: 0, retried: 0, failed: 0 };
  // A row whose every claim ran out (its worker died each time) is not tried forever.
  await db().execute(sql`
    update ${ident(box.table)} set status = 'failed', locked_until = null,
      last_error = coalesce(last_error, 'The worker stopped during every attempt.')${done(box)}
    where status = 'sending' and locked_until < now() and attempts >= ${MAX_ATTEMPTS}`);
  while (!options.signal?.aborted) {
    const batch = await claim(box);
    if (!batch.length) break;
    let next = 0;
    while (next < batch.length && !options.signal?.aborted) await deliverOne(box, batch[next++]!, report);
    // Rows claimed but not tried: as they were, due at once for any worker, this claim's
    // attempt not counted.
    for (const row of batch.slice(next))
      await settle(box, row, sql`status = 'pending', attempts = attempts - 1, locked_until = null`);
  }
  return report;
}

async function deliverOne<Row extends ClaimedRow>(box: Outbox<Row>, row: Row, report: DeliveryReport): Promise<void> {
  try {
    const message = await box.compose(row);
    if (!message) {
      await settle(box, row, sql`status = 'skipped', locked_until = null${done(box)}`);
      report.skipped += 1;
      return;
    }
    const messageId = await sendMail(message);
    await settle(
      box,
      row,
      sql`status = 'sent', sent_at = now(), message_id = ${messageId}, locked_until = null${done(box)}`,
    );
    report.sent += 1;
  } catch (error) {
    logError(box.scope, error, { key: row.key, attempt: row.attempts });
    const message = String((error as Error)?.message ?? error).slice(0, 500);
    if (row.attempts >= MAX_ATTEMPTS) {
      await settle(box, row, sql`status = 'failed', last_error = ${message}, locked_until = null${done(box)}`);
      report.failed += 1;
      return;
    }
    // 30 s, 1 min, 2 min, 4 min… after each failed attempt.
    const wait = 30 * 2 ** (row.attempts - 1);
    await settle(
      box,
      row,
      sql`status = 'pending', last_error = ${message}, locked_until = null, next_attempt_at = now() + make_interval(secs => ${wait})`,
    );
    report.retried += 1;
  }
}
