import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { ACCOUNT_MAIL_KINDS } from '@/lib/domain/accounts';
import type { AccountMail } from '@/lib/mail/account-emails';
import { MAX_ATTEMPTS, type DeliveryReport } from '@/lib/mail/outbox';
import { RATE_LIMITS } from '@/lib/rate-limit';
import { deliverAccountMail, queueAccountMail } from '@/lib/users/account-mail';
import { lookUpAddresses } from '@/lib/users/address-lookups';
import { confirmSignUp } from '@/lib/users/sign-up-confirm';
import { accountMail, users } from '@/models';
import { createUser } from '../factories';
import { laterBy } from '../helpers/account-mail';
import { useTestDatabase } from '../helpers/db';
import { call } from '../helpers/http';
import { useKeptLogs } from '../helpers/logs';
import { useMailSettings, useTestSmtp, type ReceivedMail } from '../helpers/smtp';

// The outbox of e-mails about an account: a request writes a row, the mail job sends it
// through SMTP (here a real server, tests/helpers/smtp.ts) as HTML with its plain-text part,
// and the link the row held is erased once the message has gone.

useTestDatabase();
const smtp = useTestSmtp();

const SITE = 'http://envolve.example';
const FROM = { name: 'Envolve', address: 'accounts@envolve.example' };
const nothing: DeliveryReport = { sent: 0, skipped: 0, retried: 0, failed: 0 };
useMailSettings(SITE, FROM);
// Each refused send is logged: kept here, out of the output.
const logs = useKeptLogs();

async function rows() {
  return db()
    .select({
      id: accountMail.id,
      to: accountMail.toAddress,
      kind: accountMail.kind,
      payload: accountMail.payload,
      status: accountMail.status,
      attempts: accountMail.attempts,
      nextAttemptAt: accountMail.nextAttemptAt,
      lockedUntil: accountMail.lockedUntil,
      lastError: accountMail.lastError,
      messageId: accountMail.messageId,
      sentAt: accountMail.sentAt,
    })
    .from(accountMail)
    .orderBy(asc(accountMail.createdAt));
}

async function onlyRow() {
  const found = await rows();
  expect(found).toHaveLength(1);
  return found[0]!;
}

/** Makes every message due now, as the clock would after the wait. */
const makeDue = () =>
  db()
    .update(accountMail)
    .set({ nextAttemptAt: sql`now()` });

const secondsFromNow = (date: Date | null) => (date!.getTime() - Date.now()) / 1000;

/** The link of a message as a person reads it in the plain-text part. */
function linkInText(mail: ReceivedMail, path: string): string {
  const text = mail.parsed.text ?? '';
  const found = text.match(new RegExp(`${SITE.replace(/\./g, '\\.')}${path}\\?token=[A-Za-z0-9_-]{43}`));
  if (!found) throw new Error(`no ${path} link in the text part:\n${text}`);
  return found[0];
}

/** Signs up through the API, and lets the mail job look the address up; gives the browser's proof. */
async function signUp(): Promise<string> {
  const sent = await call('POST', '/api/auth/register', {
    json: { name: 'Ada Lovelace', handle: 'ada_l', email: 'ada@example.com', password: 'Tulip-Rocket-Lantern-93' },
  });
  expect(sent.status).toBe(202);
  await lookUpAddresses();
  return /=([A-Za-z0-9_-]{43});/.exec(sent.response.headers.get('set-cookie') ?? '')![1]!;
}

/** A confirmed account at `email`: what any message but a confirmation link needs. */
const ownerOf = (email: string) => createUser({ email, name: 'Ada' });

describe('delivery', () => {
  it('sends the sign-up link as HTML with a plain-text part, then erases it from the row', async () => {
    const proof = await signUp();
    const pending = await onlyRow();
    expect(pending).toMatchObject({ to: 'ada@example.com', kind: 'sign_up_confirm', status: 'pending', attempts: 0 });
    const url = pending.payload!.url!;
    // Nothing goes out with the request: the job sends it.
    expect(smtp.received).toEqual([]);

    expect(await deliverAccountMail()).toEqual({ ...nothing, sent: 1 });
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.envelope).toEqual({ from: FROM.address, to: ['ada@example.com'] });
    expect(mail.parsed.from?.value).toEqual([FROM]);
    expect(mail.parsed.subject).toBe('Confirm your e-mail address');
    expect(mail.parsed.messageId).toBe(`<account-${pending.id}@envolve.example>`);
    expect(mail.parsed.html).toEqual(expect.stringContaining(`href="${url}"`));
    expect(mail.parsed.html).toEqual(expect.stringContaining('Hi <!-- -->Ada Lovelace'));
    const text = mail.parsed.text ?? '';
    expect(text).toContain('Hi Ada Lovelace,');
    expect(text).toContain(
      'Please confirm that this is your e-mail address: your Envolve account is made when you do.',
    );
    expect(text).toContain('The link works for 48 hours.');
    expect(linkInText(mail, '/sign-up/confirm')).toBe(url);

    expect(await onlyRow()).toMatchObject({
      status: 'sent',
      attempts: 1,
      payload: null,
      messageId: `<account-${pending.id}@envolve.example>`,
      lockedUntil: null,
      lastError: null,
      sentAt: expect.any(Date),
    });
    // Sent once: nothing is due any more.
    expect(await deliverAccountMail()).toEqual(nothing);
    expect(smtp.received).toHaveLength(1);

    // The link as read from the message does what it says, in the browser that signed up.
    const token = new URL(linkInText(mail, '/sign-up/confirm')).searchParams.get('token')!;
    expect(await confirmSignUp({ token, proof })).toMatchObject({ email: 'ada@example.com' });
  });

  const examples: AccountMail[] = [
    { kind: 'sign_up_confirm', payload: { name: 'Ada', url: `${SITE}/sign-up/confirm?token=${'s'.repeat(43)}` } },
    { kind: 'verify_email', payload: { name: 'Ada', url: `${SITE}/verify-email?token=${'v'.repeat(43)}` } },
    {
      kind: 'sign_up_attempt',
      payload: { name: 'Ada', signInUrl: `${SITE}/login`, resetUrl: `${SITE}/forgot-password` },
    },
    { kind: 'password_reset', payload: { name: 'Ada', url: `${SITE}/reset-password?token=${'r'.repeat(43)}` } },
    {
      kind: 'email_change_confirm',
      payload: { name: 'Ada', newEmail: 'ada@new.example', url: `${SITE}/confirm-email?token=${'c'.repeat(43)}` },
    },
    {
      kind: 'email_change_notice',
      payload: { name: 'Ada', newEmail: 'ada@new.example', resetUrl: `${SITE}/forgot-password` },
    },
    {
      kind: 'export_ready',
      payload: { name: 'Ada', url: `${SITE}/api/account/export/abc`, expires: 'March 8, 2030' },
    },
    { kind: 'account_deleted', payload: { name: 'Ada' } },
    { kind: 'newsletter_confirm', payload: { name: 'Ada', url: `${SITE}/newsletter/confirm?token=${'n'.repeat(43)}` } },
  ];

  it('sends every kind with a subject, HTML and a plain-text part that carries its links', async () => {
    expect(examples.map((mail) => mail.kind).sort()).toEqual([...ACCOUNT_MAIL_KINDS].sort());
    for (const mail of examples) {
      await ownerOf(`${mail.kind}@example.com`);
      expect(await queueAccountMail(`${mail.kind}@example.com`, mail, null)).toBe(true);
    }
    expect(await deliverAccountMail()).toEqual({ ...nothing, sent: examples.length });

    const byKind = new Map(smtp.received.map((mail) => [mail.envelope.to[0]!.split('@')[0]!, mail]));
    expect(Object.fromEntries(examples.map(({ kind }) => [kind, byKind.get(kind)?.parsed.subject]))).toEqual({
      sign_up_confirm: 'Confirm your e-mail address',
      verify_email: 'Confirm your e-mail address',
      sign_up_attempt: 'Someone tried to sign up with your address',
      password_reset: 'Reset your Envolve password',
      email_change_confirm: 'Confirm your new e-mail address',
      email_change_notice: 'Your Envolve address is being changed',
      export_ready: 'Your Envolve data is ready',
      account_deleted: 'Your Envolve account was deleted',
      newsletter_confirm: 'Confirm your Envolve newsletter sign-up',
    });
    for (const { kind, payload } of examples) {
      const mail = byKind.get(kind)!;
      const text = mail.parsed.text ?? '';
      expect(text, kind).toContain('Hi Ada,');
      expect(mail.parsed.html, kind).toEqual(expect.stringContaining('<html'));
      for (const value of Object.values(payload).filter((v) => v.startsWith('http'))) {
        expect(text, `${kind} text`).toContain(value);
        expect(mail.parsed.html, `${kind} html`).toEqual(expect.stringContaining(value));
      }
    }
    expect(text(byKind.get('email_change_confirm')!)).toContain('ada@new.example');
    expect(text(byKind.get('email_change_notice')!)).toContain('ada@new.example');
    expect(text(byKind.get('export_ready')!)).toContain('March 8, 2030');
    expect((await rows()).map((row) => [row.status, row.payload])).toEqual(examples.map(() => ['sent', null]));
  });

  it('escapes what the person typed in the HTML and keeps it as typed in the text', async () => {
    await ownerOf('ada@example.com');
    await queueAccountMail('ada@example.com', { kind: 'account_deleted', payload: { name: 'Ada <b>& Co</b>' } }, null);
    await deliverAccountMail();
    const mail = smtp.received[0]!;
    expect(mail.parsed.html).toEqual(expect.stringContaining('Ada &lt;b&gt;&amp; Co&lt;/b&gt;'));
    expect(mail.parsed.html).not.toEqual(expect.stringContaining('<b>&'));
    expect(mail.parsed.text).toContain('Hi Ada <b>& Co</b>,');
  });
});

const text = (mail: ReceivedMail) => mail.parsed.text ?? '';

describe('when the SMTP server refuses', () => {
  it('keeps the message and its link, tries again after 30 seconds, and erases the link once sent', async () => {
    await signUp();
    const url = (await onlyRow()).payload!.url!;
    smtp.failNext(1);

    expect(await deliverAccountMail()).toEqual({ ...nothing, retried: 1 });
    expect(smtp.received).toEqual([]);
    const waiting = await onlyRow();
    expect(waiting).toMatchObject({
      status: 'pending',
      attempts: 1,
      payload: { name: 'Ada Lovelace', url },
      lockedUntil: null,
      messageId: null,
      sentAt: null,
      lastError: expect.stringContaining('Mailbox busy, try again later'),
    });
    expect(secondsFromNow(waiting.nextAttemptAt)).toBeGreaterThan(25);
    expect(secondsFromNow(waiting.nextAttemptAt)).toBeLessThanOrEqual(30);
    expect(logs().some((line) => line.includes('"scope":"mail.account"'))).toBe(true);
    // Not before its time.
    expect(await deliverAccountMail()).toEqual(nothing);

    await makeDue();
    expect(await deliverAccountMail()).toEqual({ ...nothing, sent: 1 });
    expect(smtp.received).toHaveLength(1);
    expect(linkInText(smtp.received[0]!, '/sign-up/confirm')).toBe(url);
    expect(await onlyRow()).toMatchObject({ status: 'sent', attempts: 2, payload: null });
  });

  it(`gives up after ${MAX_ATTEMPTS} attempts, waiting longer after each`, async () => {
    await ownerOf('ada@example.com');
    await queueAccountMail('ada@example.com', { kind: 'account_deleted', payload: { name: 'Ada' } }, null);
    smtp.failNext(MAX_ATTEMPTS);
    const waits: number[] = [];
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt += 1) {
      expect(await deliverAccountMail()).toEqual({ ...nothing, retried: 1 });
      waits.push(Math.round(secondsFromNow((await onlyRow()).nextAttemptAt)));
      await makeDue();
    }
    expect(waits).toEqual([30, 60, 120, 240]);
    expect(await deliverAccountMail()).toEqual({ ...nothing, failed: 1 });
    expect(await onlyRow()).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, sentAt: null });
    expect(smtp.received).toEqual([]);
    await makeDue();
    expect(await deliverAccountMail()).toEqual(nothing);
  });

  it('skips a message whose content is gone instead of sending an empty one', async () => {
    await ownerOf('ada@example.com');
    await queueAccountMail('ada@example.com', { kind: 'account_deleted', payload: { name: 'Ada' } }, null);
    await db().update(accountMail).set({ payload: null });
    expect(await deliverAccountMail()).toEqual({ ...nothing, skipped: 1 });
    expect(await onlyRow()).toMatchObject({ status: 'skipped', lockedUntil: null });
    expect(smtp.dataCount()).toBe(0);
  });
});

describe('what may be queued to an address', () => {
  const notice: AccountMail = { kind: 'account_deleted', payload: { name: 'Ada' } };
  const confirmation: AccountMail = {
    kind: 'verify_email',
    payload: { name: 'Ada', url: `${SITE}/verify-email?token=${'v'.repeat(43)}` },
  };

  it('to an address nobody confirmed, only the link that confirms it', async () => {
    await createUser({ email: 'unconfirmed@example.com', emailVerifiedAt: null });
    await createUser({ email: 'gone@example.com' }).then((user) =>
      db().update(users).set({ deletedAt: new Date() }).where(eq(users.id, user.id)),
    );
    for (const to of ['nobody@example.com', 'unconfirmed@example.com', 'gone@example.com'])
      expect(await queueAccountMail(to, notice, null)).toBe(false);
    expect(await rows()).toEqual([]);
    for (const to of ['nobody@example.com', 'Unconfirmed@Example.com'])
      expect(await queueAccountMail(to, confirmation, null)).toBe(true);
    expect((await rows()).map((row) => [row.to, row.kind])).toEqual([
      ['nobody@example.com', 'verify_email'],
      ['Unconfirmed@Example.com', 'verify_email'],
    ]);
  });

  it(`at most ${RATE_LIMITS.addressMail.points} an hour to one address, of every kind together, whatever its case`, async () => {
    await ownerOf('ada@example.com');
    const limit = RATE_LIMITS.addressMail.points;
    const sent = [];
    for (let i = 0; i <= limit; i += 1)
      sent.push(
        await queueAccountMail(i % 2 ? 'ADA@example.com' : 'ada@example.com', i % 3 ? notice : confirmation, null),
      );
    expect(sent).toEqual([...Array(limit).fill(true), false]);
    expect(await rows()).toHaveLength(limit);
    // Another address is counted apart; the window over, the address gets mail again.
    await ownerOf('bea@example.com');
    expect(await queueAccountMail('bea@example.com', notice, null)).toBe(true);
    laterBy(RATE_LIMITS.addressMail.duration);
    expect(await queueAccountMail('ada@example.com', notice, null)).toBe(true);
  });

  it('counts in the statement that queues: fifty at once queue exactly the cap', async () => {
    await ownerOf('ada@example.com');
    const sent = await Promise.all(Array.from({ length: 50 }, () => queueAccountMail('ada@example.com', notice, null)));
    expect(sent.filter(Boolean)).toHaveLength(RATE_LIMITS.addressMail.points);
    expect(await rows()).toHaveLength(RATE_LIMITS.addressMail.points);
  });
});
