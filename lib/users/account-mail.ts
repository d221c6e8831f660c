import 'server-only';
import { sql } from 'drizzle-orm';
import { db } from '@/lib/db/client';
import type { AccountMailKind } from '@/lib/domain/accounts';
import { renderAccountMail, type AccountMail } from '@/lib/mail/account-emails';
import { deliver, hasDue, type ClaimedRow, type DeliveryReport, type Outbox } from '@/lib/mail/outbox';
import { mailFrom } from '@/lib/mail/transport';
import { siteUrl } from '@/lib/site';
import { accountMail } from '@/models';

// E-mails about an account go out through their own outbox (lib/mail/outbox.ts), sent by
// the mail job within seconds: the request that asks for one only writes a row, so it
// answers as fast whether or not a message goes out, and a mail server that is away delays
// the message instead of failing the request.

type Executor = Pick<ReturnType<typeof db>, 'insert'>;

/** Queues one message to `to`, about the account `userId` (none for an address with no account). */
export async function queueAccountMail(
  to: string,
  mail: AccountMail,
  userId: string | null,
  executor: Executor = db(),
): Promise<void> {
  await executor.insert(accountMail).values({ toAddress: to, kind: mail.kind, payload: mail.payload, userId });
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
  return deliver(accountOutbox, options);
}
