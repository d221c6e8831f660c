import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { db, type Tx } from '@/lib/db/client';
import type { MemberMailKind } from '@/lib/domain/member-mail';
import { renderMemberMail, type MemberMail } from '@/lib/mail/member-emails';
import { deliver, hasDue, type ClaimedRow, type DeliveryReport, type Outbox } from '@/lib/mail/outbox';
import { mailFrom } from '@/lib/mail/transport';
import { siteUrl } from '@/lib/site';
import { publicNameSql } from '@/lib/users/public-name-sql';
import { memberMail, users } from '@/models';
import { mailEnabled } from './mail-config';

// A member's own e-mails (the welcome, the receipts) through their outbox (lib/mail/outbox.ts).
// Each is queued by the statement or transaction that makes the membership or moves the
// money, as one INSERT … SELECT from the rows that transaction wrote: what the message says
// (the amounts, the fee, the welcome message) is the database's, never a request's. Nothing
// is sent there: the mail job sends it once the transaction has committed, and a rolled-back
// one leaves no message behind.

const creatorName = publicNameSql(alias(users, 'c'));

/**
 * The statement that queues the welcome of each membership `source` gives (rows with `id`,
 * `user_id` and `envolvement_id`, such as a CTE's RETURNING), for a WITH of the caller's.
 */
export function welcomeMailSql(source: SQL): SQL {
  if (!mailEnabled()) return sql`select null where false`;
  return sql`
    insert into ${memberMail} (user_id, kind, key, payload)
    select j.user_id, ${'welcome' satisfies MemberMailKind}, 'welcome:' || j.id, json_build_object(
      'envolvementId', e.id, 'title', e.title, 'creatorName', ${creatorName},
      'welcomeMessage', e.welcome_message, 'submissionsOpen', e.submissions_active and e.archived_at is null,
      'comments', e.comments_allowed and e.archived_at is null)
    from ${source} j join envolvements e on e.id = j.envolvement_id join users c on c.id = e.creator_id
    on conflict (key) do nothing`;
}

/** Queues the welcome of the membership `purchaseId`, inside the transaction that made it. */
export async function queueWelcome(tx: Tx, purchaseId: string): Promise<void> {
  if (!mailEnabled()) return;
  await tx.execute(
    welcomeMailSql(sql`(select id, user_id, envolvement_id from purchases where id = ${purchaseId}::uuid)`),
  );
}

/** Queues the receipt of the card payment that bought a membership, inside that transaction. */
export async function queuePaymentReceipt(tx: Tx, paymentId: string): Promise<void> {
  if (!mailEnabled()) return;
  await tx.execute(sql`
    insert into ${memberMail} (user_id, kind, key, payload)
    select p.buyer_id, ${'payment_receipt' satisfies MemberMailKind}, 'payment:' || p.id, json_build_object(
      'paymentId', p.id, 'envolvementId', e.id, 'title', e.title, 'creatorName', ${creatorName},
      'amountCents', p.amount_cents, 'feeCents', p.application_fee_cents, 'currency', p.currency,
      'paidAt', coalesce(p.paid_at, now()))
    from payments p join envolvements e on e.id = p.envolvement_id join users c on c.id = e.creator_id
    where p.id = ${paymentId}
    on conflict (key) do nothing`);
}

/**
 * Queues the receipt of a refund, inside the ledger's transaction that recorded it: the
 * payment's refunded total was `refundedBefore` and is now what its row holds. The fee
 * returned with it is `feeRefundedCents` (worked out from the same row, as the earnings are).
 */
export async function queueRefundReceipt(
  tx: Tx,
  refund: { paymentId: string; refundedBefore: number; feeRefundedCents: number },
): Promise<void> {
  if (!mailEnabled()) return;
  await tx.execute(sql`
    insert into ${memberMail} (user_id, kind, key, payload)
    select p.buyer_id, ${'refund_receipt' satisfies MemberMailKind}, 'refund:' || p.id || ':' || p.amount_refunded_cents,
      json_build_object(
        'paymentId', p.id, 'envolvementId', e.id, 'title', e.title, 'creatorName', ${creatorName},
        'amountCents', p.amount_cents, 'refundedCents', p.amount_refunded_cents - ${refund.refundedBefore}::int,
        'feeRefundedCents', ${refund.feeRefundedCents}::int, 'currency', p.currency, 'refundedAt', now())
    from payments p join envolvements e on e.id = p.envolvement_id join users c on c.id = e.creator_id
    where p.id = ${refund.paymentId} and p.amount_refunded_cents > ${refund.refundedBefore}::int
    on conflict (key) do nothing`);
}

type Claimed = ClaimedRow & {
  kind: MemberMailKind;
  payload: Record<string, unknown> | null;
  email: string | null;
  name: string;
  verified: boolean;
};

const memberOutbox: Outbox<Claimed> = {
  table: 'member_mail',
  key: 'id',
  scope: 'mail.member',
  details: sql`
    select c.key, c.attempts, c.locked_until, m.kind, m.payload, u.email,
      ${publicNameSql(alias(users, 'u'))} as name, u.email_verified_at is not null as verified
    from claimed c join member_mail m on m.id = c.key join users u on u.id = m.user_id`,
  // An address nobody confirmed gets nothing but the link that confirms it (as account
  // e-mails), and a deleted account has none.
  compose: async (row) => {
    if (!row.payload || !row.email || !row.verified) return null;
    const site = siteUrl();
    // The row's kind and payload were written together by one of the queue functions above.
    const mail = { kind: row.kind, payload: row.payload } as MemberMail;
    const { subject, html, text } = await renderMemberMail(mail, row.name, site);
    return {
      from: mailFrom(),
      to: row.email,
      subject,
      html,
      text,
      messageId: `<member-${row.key}@${new URL(site).hostname}>`,
    };
  },
};

/** Whether any member e-mail is due now. */
export const hasDueMemberMail = () => hasDue('member_mail');

/** How long a finished message's row is kept, for support ("did my receipt go?"). */
const KEPT_DAYS = 90;

/** Sends the member e-mails that are due (see lib/mail/outbox.ts), and forgets old finished ones. */
export async function deliverMemberMail(options: { signal?: AbortSignal } = {}): Promise<DeliveryReport> {
  await db().execute(sql`
    delete from ${memberMail}
    where status in ('sent', 'skipped', 'failed') and created_at < now() - make_interval(days => ${KEPT_DAYS})`);
  return deliver(memberOutbox, options);
}

/**
 * What the completion page says of the receipt, as this server sends it: by e-mail; on a
 * development server without SMTP_URL, to the development mailbox; with no e-mail at all
 * (production without SMTP_URL), nothing is sent, and the page is the record.
 */
export function receiptNote(): { text: string; mailbox: string | null } {
  if (!mailEnabled()) return { text: 'This site sends no e-mail: keep this page as your receipt.', mailbox: null };
  if (!process.env.SMTP_URL)
    return {
      text: 'Envolve writes your receipt, with the amount and the platform fee, to this development server’s mailbox; no e-mail leaves this machine.',
      mailbox: '/dev/mail',
    };
  return {
    text: 'Envolve e-mails you a receipt for this payment, with the amount and the platform fee.',
    mailbox: null,
  };
}
