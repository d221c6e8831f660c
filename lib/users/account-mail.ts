import 'server-only';
import { sql } from 'drizzle-orm';
import { db } from '@/lib/db/client';
import { CONFIRMATION_MAIL_KINDS, type AccountMailKind } from '@/lib/domain/accounts';
import { renderAccountMail, type AccountMail } from '@/lib/mail/account-emails';
import { deliver, hasDue, type ClaimedRow, type DeliveryReport, type Outbox } from '@/lib/mail/outbox';
import { mailFrom } from '@/lib/mail/transport';
import { RATE_LIMITS } from '@/lib/rate-limit/limits';
import { rows } from '@/lib/db/rows';
import { siteUrl } from '@/lib/site';
import { accountMail, addressMailCounts, signUps } from '@/models';

// E-mails about an account go out through their own outbox (lib/mail/outbox.ts), sent by
// the mail job within seconds: the request that asks for one only writes a row, so it
// answers as fast whether or not a message goes out, and a mail server that is away delays
// the message instead of failing the request.

type Executor = Pick<ReturnType<typeof db>, 'execute'>;

const { points: ADDRESS_MAIL_LIMIT, duration: ADDRESS_MAIL_SECONDS } = RATE_LIMITS.addressMail;

const kindList = (kinds: readonly string[]) =>
  sql.join(
    kinds.map((kind) => sql`${kind}`),
    sql`, `,
  );

/**
 * Queues one message to `to`, about the account `userId` (none for an address with no
 * account), and says whether it was queued. Two rules hold for every account e-mail, in the
 * one statement that writes it:
 * - an address nobody has confirmed gets nothing but the link that confirms it;
 * - an address gets at most `addressMail` messages a window, whoever asks and for whatever
 *   reason: the count is taken and checked where the row is written, so parallel requests
 *   cannot all pass it. Past it, nothing is queued, and the caller answers as it would have.
 * The window is read from the app's clock, as the rate limits are.
 */
export async function queueAccountMail(
  to: string,
  mail: AccountMail,
  userId: string | null,
  executor: Executor = db(),
): Promise<boolean> {
  const address = to.trim().toLowerCase();
  const now = new Date();
  const windowEnded = new Date(now.getTime() - ADDRESS_MAIL_SECONDS * 1000);
  const queued = await rows<{ id: string }>(
    sql`
    with allowed as (
      select 1 where ${mail.kind} in (${kindList(CONFIRMATION_MAIL_KINDS)}) or exists (
        select 1 from users u
        where lower(u.email) = ${address} and u.email_verified_at is not null and u.deleted_at is null)
    ), counted as (
      insert into ${addressMailCounts} as c (address, sent, window_started_at)
      select ${address}, 1, ${now.toISOString()}::timestamptz from allowed
      on conflict (address) do update set
        sent = case when c.window_started_at <= ${windowEnded.toISOString()}::timestamptz then 1 else c.sent + 1 end,
        window_started_at = case when c.window_started_at <= ${windowEnded.toISOString()}::timestamptz
          then excluded.window_started_at else c.window_started_at end
      returning sent
    )
    insert into ${accountMail} (user_id, to_address, kind, payload)
    select ${userId}, ${to}, ${mail.kind}, ${JSON.stringify(mail.payload)}::jsonb from counted
    where sent <= ${ADDRESS_MAIL_LIMIT}
    returning id`,
    executor,
  );
  return queued.length > 0;
}

async function forgetOldMailCounts(): Promise<void> {
  const ended = new Date(Date.now() - ADDRESS_MAIL_SECONDS * 1000);
  await db()
    .delete(addressMailCounts)
    .where(sql`${addressMailCounts.windowStartedAt} <= ${ended.toISOString()}::timestamptz`);
}

/** An absolute link to a path of the site. */
export const siteLink = (path: string) => `${siteUrl()}${path}`;

type Claimed = ClaimedRow & { to_address: string; kind: AccountMailKind; payload: Record<string, string> | null };

const accountOutbox: Outbox<Claimed> = {
  table: 'account_mail',
  key: 'id',
  scope: 'mail.account',
  details: sql`
    select c.key, c.attempts, c.locked_until, m.to_address, m.kind, m.payload
    from claimed c join account_mail m on m.id = c.key`,
  compose: async (row) => {
    if (!row.payload) return null;
    // The row's kind and payload were written together from one AccountMail.
    const { subject, html, text } = await renderAccountMail({ kind: row.kind, payload: row.payload } as AccountMail);
    return {
      from: mailFrom(),
      to: row.to_address,
      subject,
      html,
      text,
      messageId: `<account-${row.key}@${new URL(siteUrl()).hostname}>`,
    };
  },
  // The links it held are for its recipient only: once sent, or given up on, they are not kept.
  onDone: sql`payload = null`,
};

export const hasDueAccountMail = () => hasDue('account_mail');

/** How long a finished message's row (its address, what happened) is kept, for support. */
const KEPT_DAYS = 30;

/**
 * Sends the account e-mails that are due (see lib/mail/outbox.ts), and forgets those finished
 * more than KEPT_DAYS ago: an address is not kept longer than it helps to answer "did it go?".
 */
export async function deliverAccountMail(options: { signal?: AbortSignal } = {}): Promise<DeliveryReport> {
  await db()
    .delete(accountMail)
    .where(
      sql`${accountMail.status} in ('sent', 'skipped', 'failed') and ${accountMail.createdAt} < now() - make_interval(days => ${KEPT_DAYS})`,
    );
  // Sign-ups whose link ran out, and the counts of windows long over, keep an address for nothing.
  await db()
    .delete(signUps)
    .where(sql`${signUps.expiresAt} < now()`);
  await forgetOldMailCounts();
  return deliver(accountOutbox, options);
}
