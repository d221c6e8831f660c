import { spawn } from 'node:child_process';
import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { db } from '@/lib/db/client';
import { DELIVER_EMAILS, startJobs } from '@/lib/jobs';
import { deliverDueEmails, MAX_ATTEMPTS, type DeliveryReport } from '@/lib/notifications/deliver';
import { readUnsubscribeToken, unsubscribeToken } from '@/lib/notifications/unsubscribe';
import { emailOutbox, notificationPreferences, notifications } from '@/models';
import { createEnvolvement, createPurchase, createUser, createWithMembers, type TestUser } from '../factories';
import { useTestDatabase } from '../helpers/db';
import { call } from '../helpers/http';
import { useKeptLogs } from '../helpers/logs';
import { useMailSettings, useTestSmtp, type ReceivedMail } from '../helpers/smtp';

// E-mail delivery end to end: an action writes a notification and its outbox row, the
// worker sends it to a real SMTP server (tests/helpers/smtp.ts), and the message is read
// back as a mail client would: headers, HTML and text, the one-click unsubscribe.

const database = useTestDatabase();

// Plain http: with an https NEXTAUTH_URL next-auth reads the __Secure- session cookie,
// which the test sessions are not. The port must stay in links and out of the Message-ID.
const SITE = 'http://envolve.example:8080';
const FROM = { name: 'Envolve', address: 'notifications@envolve.example' };
const SECOND = 1000;
const nothing: DeliveryReport = { sent: 0, skipped: 0, retried: 0, failed: 0 };

const smtp = useTestSmtp();
useMailSettings(SITE, FROM);
// The worker logs each refused send: kept here, out of the output.
const logs = useKeptLogs();

const joinFree = (as: TestUser, id: string) =>
  call('POST', '/api/payment/grant-access', { as, json: { submissionId: id } });
const postUpdate = (as: TestUser, id: string, title: string) =>
  call('POST', `/api/post/add-comment/${id}`, { as, json: { title, description: 'Details' } });
const setPreferences = (as: TestUser, json: Record<string, boolean>) =>
  call('PUT', '/api/notifications/preferences', { as, json });
const preferencesOf = async (as: TestUser) => (await call('GET', '/api/notifications/preferences', { as })).body;

/** Every outbox row with its notification, oldest first. */
async function outbox() {
  return db()
    .select({
      notificationId: emailOutbox.notificationId,
      recipientId: notifications.recipientId,
      kind: notifications.kind,
      text: notifications.text,
      link: notifications.link,
      status: emailOutbox.status,
      attempts: emailOutbox.attempts,
      nextAttemptAt: emailOutbox.nextAttemptAt,
      lockedUntil: emailOutbox.lockedUntil,
      lastError: emailOutbox.lastError,
      messageId: emailOutbox.messageId,
      sentAt: emailOutbox.sentAt,
    })
    .from(emailOutbox)
    .innerJoin(notifications, eq(notifications.id, emailOutbox.notificationId))
    .orderBy(asc(emailOutbox.createdAt));
}

async function onlyRow() {
  const rows = await outbox();
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

/** Makes every row due now, as the clock would after the wait. */
async function makeDue() {
  await db()
    .update(emailOutbox)
    .set({ nextAttemptAt: sql`now()` });
}

/** Lets every claim run out, as two minutes would. */
async function expireClaims() {
  await db()
    .update(emailOutbox)
    .set({ lockedUntil: sql`now() - interval '1 second'` })
    .where(eq(emailOutbox.status, 'sending'));
}

/** A header as sent, its folded lines joined. */
function header(mail: ReceivedMail, name: string): string | undefined {
  const found = mail.parsed.headerLines.find((h) => h.key === name.toLowerCase());
  return found?.line
    .slice(found.line.indexOf(':') + 1)
    .replace(/\r?\n[ \t]+/g, ' ')
    .trim();
}

const secondsFromNow = (date: Date | null) => (date!.getTime() - Date.now()) / SECOND;

/** A creator's free envolvement that `fan` joins: the creator is told, and mailed. */
async function aJoin(title?: string) {
  const creator = await createUser();
  const fan = await createUser();
  const row = await createEnvolvement(creator.id, title ? { title } : {});
  expect(await joinFree(fan, row.id)).toMatchObject({ status: 200, body: { success: true } });
  return { creator, fan, row };
}

describe('delivery', () => {
  it('sends one message per outbox row, with its headers, HTML and text, and marks the row sent', async () => {
    // Characters that HTML must escape and the subject must keep.
    const { creator, fan, row } = await aJoin('Fish & Chips <Club>');
    const text = `${fan.name} joined Fish & Chips <Club>`;
    const pending = await onlyRow();
    expect(pending).toMatchObject({
      recipientId: creator.id,
      kind: 'member_joined',
      text,
      status: 'pending',
      attempts: 0,
      messageId: null,
    });
    expect(smtp.received).toEqual([]);

    const sending = Date.now();
    expect(await deliverDueEmails()).toEqual({ ...nothing, sent: 1 });
    const sent = Date.now();

    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    const id = pending.notificationId;
    expect(mail.envelope).toEqual({ from: FROM.address, to: [creator.email] });
    expect(mail.parsed.from?.value).toEqual([FROM]);
    expect(mail.parsed.to).toMatchObject({ value: [{ address: creator.email }] });
    expect(mail.parsed.subject).toBe(text);
    expect(mail.parsed.messageId).toBe(`<notification-${id}@envolve.example>`);

    // The link says who, which topic, and when it was made: at sending.
    const token = /^<.+\?token=([^>]+)>$/.exec(header(mail, 'List-Unsubscribe')!)![1]!;
    const issuedAt = readUnsubscribeToken(token)!.issuedAt!;
    expect(issuedAt).toBeGreaterThanOrEqual(sending);
    expect(issuedAt).toBeLessThanOrEqual(sent);
    expect(token).toBe(unsubscribeToken(creator.id, 'members', new Date(issuedAt)));
    expect(header(mail, 'List-Unsubscribe')).toBe(`<${SITE}/api/notifications/unsubscribe?token=${token}>`);
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');

    const place = `${SITE}/envolvement/${row.id}?tab=members`;
    const unsubscribePage = `${SITE}/unsubscribe?token=${token}`;
    const html = mail.parsed.html;
    expect(typeof html).toBe('string');
    expect(html).toContain(`${fan.name} joined Fish &amp; Chips &lt;Club&gt;`);
    expect(html).not.toContain('<Club>');
    expect(html).toContain(`href="${place}"`);
    expect(html).toContain(`href="${unsubscribePage}"`);
    expect(mail.parsed.text).toContain(`Hi ${creator.name},`);
    expect(mail.parsed.text).toContain(text);
    expect(mail.parsed.text).toContain(place);
    expect(mail.parsed.text).toContain(unsubscribePage);

    // Nothing is due any more, even once the worker's claim would have run out.
    expect(await deliverDueEmails()).toEqual(nothing);
    await expireClaims();
    expect(await deliverDueEmails()).toEqual(nothing);
    expect(smtp.received).toHaveLength(1);

    expect(await onlyRow()).toMatchObject({
      status: 'sent',
      attempts: 1,
      messageId: `<notification-${id}@envolve.example>`,
      lockedUntil: null,
      lastError: null,
      sentAt: expect.any(Date),
    });
  });

  it('signs in to the SMTP server with the user and password of SMTP_URL', async () => {
    vi.stubEnv('SMTP_URL', `smtp://mailer:secret@127.0.0.1:${smtp.port}`);
    const { creator } = await aJoin();
    expect(await deliverDueEmails()).toEqual({ ...nothing, sent: 1 });
    expect(smtp.received.map((m) => ({ user: m.user, to: m.envelope.to }))).toEqual([
      { user: 'mailer', to: [creator.email] },
    ]);
  });
});

describe('preferences', () => {
  it('a recipient with the topic off gets the notification but no outbox row; other topics still e-mail', async () => {
    const { creator, row, members } = await createWithMembers(2);
    const [quiet, loud] = members;
    expect(await setPreferences(quiet, { updates: false })).toMatchObject({
      status: 200,
      body: { members: true, updates: false, submissions: true, comments: true, following: true },
    });

    expect((await postUpdate(creator, row.id, 'Week one')).status).toBe(201);
    const told = await db().select({ to: notifications.recipientId }).from(notifications);
    expect(told.map((n) => n.to).sort()).toEqual([quiet.id, loud.id].sort());
    expect((await outbox()).map((r) => r.recipientId)).toEqual([loud.id]);

    expect(await deliverDueEmails()).toEqual({ ...nothing, sent: 1 });
    expect(smtp.received.map((m) => m.envelope.to)).toEqual([[loud.email]]);

    // The quiet member still hears of people joining their own envolvement.
    smtp.reset();
    const own = await createEnvolvement(quiet.id);
    const fan = await createUser();
    expect((await joinFree(fan, own.id)).status).toBe(200);
    expect(await deliverDueEmails()).toEqual({ ...nothing, sent: 1 });
    expect(smtp.received.map((m) => [m.envelope.to, m.parsed.subject])).toEqual([
      [[quiet.email], `${fan.name} joined ${own.title}`],
    ]);
  });

  it('a topic turned off after the notification but before delivery skips the row and sends nothing', async () => {
    const creator = await createUser();
    const member = await createUser();
    const row = await createEnvolvement(creator.id);
    await createPurchase(row.id, member.id);
    expect((await postUpdate(creator, row.id, 'Week one')).status).toBe(201);
    expect(await onlyRow()).toMatchObject({ recipientId: member.id, kind: 'update_posted', status: 'pending' });

    expect((await setPreferences(member, { updates: false })).status).toBe(200);
    expect(await deliverDueEmails()).toEqual({ ...nothing, skipped: 1 });
    expect(await onlyRow()).toMatchObject({ status: 'skipped', attempts: 1, lockedUntil: null, messageId: null });
    expect(smtp.dataCount()).toBe(0);
    expect(await deliverDueEmails()).toEqual(nothing);
  });
});

describe('one-click unsubscribe', () => {
  const post = (url: string, body: string, type = 'application/x-www-form-urlencoded') =>
    call('POST', url, { body, headers: { 'content-type': type, origin: 'https://mail.example.net' } });
  const oneClick = (url: string) => post(url, 'List-Unsubscribe=One-Click');
  const everything = { members: true, updates: true, submissions: true, comments: true, following: true };
  const INVALID = {
    error: 'This unsubscribe link is not valid. Change your e-mail settings on your account page.',
    code: 'bad_request',
  };

  it('the List-Unsubscribe address of a message turns its topic off, from another site and with no session', async () => {
    const { creator, row } = await aJoin();
    await deliverDueEmails();
    const [mail] = smtp.received;
    const url = /^<(.+)>$/.exec(header(mail!, 'List-Unsubscribe')!)![1]!;
    expect(url.startsWith(`${SITE}/api/notifications/unsubscribe?token=`)).toBe(true);

    const answer = await oneClick(url);
    expect(answer).toMatchObject({
      status: 200,
      body: { unsubscribed: true, topic: 'members', label: 'members joining' },
    });
    expect(await preferencesOf(creator)).toEqual({ ...everything, members: false });
    // Clients may post again: still off, still fine.
    expect((await oneClick(url)).status).toBe(200);
    expect(await preferencesOf(creator)).toEqual({ ...everything, members: false });

    // The next join is told in the product, not mailed.
    smtp.reset();
    const another = await createUser();
    expect((await joinFree(another, row.id)).status).toBe(200);
    expect(await db().select().from(notifications).where(eq(notifications.recipientId, creator.id))).toHaveLength(2);
    expect((await outbox()).map((r) => r.status)).toEqual(['sent']);
    expect(await deliverDueEmails()).toEqual(nothing);
    expect(smtp.dataCount()).toBe(0);
  });

  it("once the topic is switched off and back on, an earlier message's address is refused, the next one's works", async () => {
    const { creator, row } = await aJoin();
    await deliverDueEmails();
    const earlier = /^<(.+)>$/.exec(header(smtp.received[0]!, 'List-Unsubscribe')!)![1]!;
    expect((await setPreferences(creator, { members: false })).status).toBe(200);
    expect((await setPreferences(creator, { members: true })).status).toBe(200);

    const { status, body } = await oneClick(earlier);
    expect({ status, body }).toEqual({
      status: 410,
      body: {
        error:
          'This unsubscribe link is out of date: these e-mails were turned back on after it was sent. Change your e-mail settings on your account page.',
        code: 'gone',
      },
    });
    expect(await preferencesOf(creator)).toEqual(everything);

    smtp.reset();
    expect((await joinFree(await createUser(), row.id)).status).toBe(200);
    expect(await deliverDueEmails()).toEqual({ ...nothing, sent: 1 });
    const next = /^<(.+)>$/.exec(header(smtp.received[0]!, 'List-Unsubscribe')!)![1]!;
    const done = await oneClick(next);
    expect({ status: done.status, body: done.body }).toEqual({
      status: 200,
      body: { unsubscribed: true, topic: 'members', label: 'members joining' },
    });
    expect(await preferencesOf(creator)).toEqual({ ...everything, members: false });
  });

  it('the unsubscribe page posts the token of the text link as JSON', async () => {
    const { creator } = await aJoin();
    await deliverDueEmails();
    const token = /\/unsubscribe\?token=([A-Za-z0-9_.-]+)/.exec(smtp.received[0]!.parsed.text ?? '')![1]!;
    const answer = await post('/api/notifications/unsubscribe', JSON.stringify({ token }), 'application/json');
    expect(answer).toMatchObject({ status: 200, body: { unsubscribed: true, topic: 'members' } });
    expect(await preferencesOf(creator)).toEqual({ ...everything, members: false });
  });

  it('a tampered token, a payload changed to another user and garbage are refused and change nothing', async () => {
    const { creator, fan } = await aJoin();
    await deliverDueEmails();
    const url = /^<(.+)>$/.exec(header(smtp.received[0]!, 'List-Unsubscribe')!)![1]!;
    const token = new URL(url).searchParams.get('token')!;
    const [payload, signature] = token.split('.') as [string, string];
    const at = (t: string) => `/api/notifications/unsubscribe?token=${encodeURIComponent(t)}`;

    const flipped = signature.slice(0, -2) + (signature.at(-2) === 'A' ? 'B' : 'A') + signature.at(-1);
    const otherUser = Buffer.from(JSON.stringify([fan.id, 'members'])).toString('base64url');
    const otherTopic = Buffer.from(JSON.stringify([creator.id, 'updates'])).toString('base64url');
    const bad = [
      `${payload}.${flipped}`,
      `${otherUser}.${signature}`,
      `${otherTopic}.${signature}`,
      `${token}.extra`,
      'garbage',
      '',
    ];
    for (const tampered of bad) {
      expect({ tampered, ...(await oneClick(at(tampered))) }).toMatchObject({ tampered, status: 400, body: INVALID });
    }
    // No token at all, in the query or in JSON.
    expect(await oneClick('/api/notifications/unsubscribe')).toMatchObject({ status: 400, body: INVALID });
    expect(
      await post('/api/notifications/unsubscribe', JSON.stringify({ token: 'garbage' }), 'application/json'),
    ).toMatchObject({ status: 400, body: INVALID });

    expect(await db().select().from(notificationPreferences)).toEqual([]);
    expect(await preferencesOf(creator)).toEqual(everything);
    expect(await preferencesOf(fan)).toEqual(everything);
  });
});

describe('retries', () => {
  it('a refused send waits 30 s and is tried again, then delivered once', async () => {
    const { creator } = await aJoin();
    smtp.failNext(1, 451);

    expect(await deliverDueEmails()).toEqual({ ...nothing, retried: 1 });
    const waiting = await onlyRow();
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, lockedUntil: null, messageId: null });
    expect(waiting.lastError).toContain('451');
    expect(secondsFromNow(waiting.nextAttemptAt)).toBeGreaterThan(25);
    expect(secondsFromNow(waiting.nextAttemptAt)).toBeLessThan(35);
    expect(smtp.received).toEqual([]);
    expect(smtp.dataCount()).toBe(1);
    expect(logs().some((line) => line.includes('"scope":"mail"'))).toBe(true);

    // Not due yet.
    expect(await deliverDueEmails()).toEqual(nothing);
    expect(smtp.dataCount()).toBe(1);

    await makeDue();
    expect(await deliverDueEmails()).toEqual({ ...nothing, sent: 1 });
    expect(smtp.received.map((m) => m.envelope.to)).toEqual([[creator.email]]);
    expect(await onlyRow()).toMatchObject({ status: 'sent', attempts: 2, messageId: expect.any(String) });
    expect(await deliverDueEmails()).toEqual(nothing);
    expect(smtp.received).toHaveLength(1);
  });

  it(`a message refused every time is given up after ${MAX_ATTEMPTS} attempts, waiting longer each time`, async () => {
    await aJoin();
    smtp.failNext(100, 450, 'Mailbox unavailable');

    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt += 1) {
      expect(await deliverDueEmails()).toEqual({ ...nothing, retried: 1 });
      const row = await onlyRow();
      expect(row).toMatchObject({ status: 'pending', attempts: attempt });
      const wait = 30 * 2 ** (attempt - 1);
      expect(secondsFromNow(row.nextAttemptAt)).toBeGreaterThan(wait - 5);
      expect(secondsFromNow(row.nextAttemptAt)).toBeLessThan(wait + 5);
      await makeDue();
    }
    expect(await deliverDueEmails()).toEqual({ ...nothing, failed: 1 });
    const failed = await onlyRow();
    expect(failed).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, lockedUntil: null, messageId: null });
    expect(failed.lastError).toMatch(/450.*Mailbox unavailable/);

    // Given up: never tried again.
    await makeDue();
    expect(await deliverDueEmails()).toEqual(nothing);
    expect(smtp.dataCount()).toBe(MAX_ATTEMPTS);
    expect(smtp.received).toEqual([]);
  });
});

describe('several workers', () => {
  it('two workers at once deliver each message exactly once', async () => {
    const creator = await createUser();
    const row = await createEnvolvement(creator.id);
    // More than one batch of the worker (20), so both find work.
    const members = [];
    for (let i = 0; i < 30; i += 1) {
      const member = await createUser();
      await createPurchase(row.id, member.id);
      members.push(member);
    }
    expect((await postUpdate(creator, row.id, 'For everyone')).status).toBe(201);
    expect(await outbox()).toHaveLength(30);

    const reports = await Promise.all([deliverDueEmails(), deliverDueEmails()]);
    expect(reports.reduce((sum, r) => sum + r.sent, 0)).toBe(30);
    expect(reports.every((r) => r.skipped + r.retried + r.failed === 0)).toBe(true);

    expect(smtp.received).toHaveLength(30);
    expect(smtp.received.map((m) => m.envelope.to[0]).sort()).toEqual(members.map((m) => m.email).sort());
    expect(new Set(smtp.received.map((m) => m.parsed.messageId)).size).toBe(30);
    const rows = await outbox();
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    expect(await deliverDueEmails()).toEqual(nothing);
  });

  it('a worker whose claim ran out mid-send cannot undo the delivery of the worker that took the row over', async () => {
    // In one process: the first worker stalls at DATA until its claim has run out.
    const { creator } = await aJoin();
    smtp.holdData(true);
    const stalled = deliverDueEmails();
    await smtp.whenHeld();
    const claimed = await onlyRow();
    expect(claimed).toMatchObject({ status: 'sending', attempts: 1 });
    expect(secondsFromNow(claimed.lockedUntil)).toBeGreaterThan(100);
    // Its claim still holds: another worker leaves the row alone.
    expect(await deliverDueEmails()).toEqual(nothing);

    await expireClaims();
    smtp.holdData(false);
    expect(await deliverDueEmails()).toEqual({ ...nothing, sent: 1 });
    expect(await onlyRow()).toMatchObject({ status: 'sent', attempts: 2 });

    // The stalled send fails at last: its worker would retry the row, but the row is no longer its.
    smtp.refuseHeld(451);
    expect(await stalled).toEqual({ ...nothing, retried: 1 });
    expect(await onlyRow()).toMatchObject({ status: 'sent', attempts: 2, lastError: null, lockedUntil: null });
    expect(smtp.received.map((m) => m.envelope.to)).toEqual([[creator.email]]);
  });

  const serverOnly = process.env.TEST_DATABASE_URL ? it : it.skip;
  serverOnly(
    'a worker process killed mid-send leaves the row to the next worker, which sends it once ' +
      '(needs a PostgreSQL server, TEST_DATABASE_URL: PGlite lives inside the test process)',
    async () => {
      const { creator } = await aJoin();
      const { notificationId } = await onlyRow();
      smtp.holdData(true);

      const child = spawn(
        process.execPath,
        // Not --conditions=react-server: see tests/helpers/mail-worker.ts.
        ['--import', 'tsx', 'tests/helpers/mail-worker.ts'],
        {
          cwd: process.cwd(),
          env: {
            ...process.env,
            DATABASE_URL: database.handle().pool!.options.connectionString,
            SMTP_URL: smtp.url,
            NEXTAUTH_URL: SITE,
            MAIL_FROM: `${FROM.name} <${FROM.address}>`,
            NODE_ENV: 'test',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
        child.on('exit', (code, signal) => resolve(signal ?? code)),
      );
      try {
        const early = exited.then((how) => {
          throw new Error(`the worker ended (${how}) before sending: ${output}`);
        });
        let timer: NodeJS.Timeout | undefined;
        const slow = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`the worker sent nothing in 20 s: ${output}`)), 20 * SECOND);
        });
        await Promise.race([smtp.whenHeld(), early, slow]).finally(() => clearTimeout(timer));
        early.catch(() => undefined);
      } finally {
        child.kill('SIGKILL');
      }
      expect(await exited).toBe('SIGKILL');

      expect(smtp.dataCount()).toBe(1);
      expect(smtp.received).toEqual([]);
      const abandoned = await onlyRow();
      expect(abandoned).toMatchObject({ notificationId, status: 'sending', attempts: 1, messageId: null });
      // The dead worker's claim still holds for its two minutes.
      expect(await deliverDueEmails()).toEqual(nothing);

      // Its claim runs out.
      await expireClaims();
      smtp.holdData(false);
      expect(await deliverDueEmails()).toEqual({ ...nothing, sent: 1 });
      expect(smtp.received.map((m) => [m.envelope.to, m.parsed.messageId])).toEqual([
        [[creator.email], `<notification-${notificationId}@envolve.example>`],
      ]);
      expect(await onlyRow()).toMatchObject({ status: 'sent', attempts: 2, lockedUntil: null });
      expect(await deliverDueEmails()).toEqual(nothing);
      expect(smtp.received).toHaveLength(1);
    },
  );
});

describe('the job queue', () => {
  it('the emails-deliver job sends a new notification within seconds of it', async () => {
    vi.stubEnv('MAIL_POLL_SECONDS', '1');
    const jobs = await startJobs(database.handle());
    try {
      expect(await jobs.boss.getSchedules()).toContainEqual(
        expect.objectContaining({ name: DELIVER_EMAILS, cron: '* * * * *' }),
      );
      const { creator, fan, row } = await aJoin();
      // The same run sends the fan their welcome (lib/notifications/member-mail.ts).
      await vi.waitFor(() => expect(smtp.received).toHaveLength(2), { timeout: 15 * SECOND, interval: 100 });
      expect(smtp.received.map(({ envelope, parsed }) => [envelope.to, parsed.subject])).toEqual(
        expect.arrayContaining([
          [[creator.email], `${fan.name} joined ${row.title}`],
          [[fan.email], `Welcome to ${row.title}`],
        ]),
      );
      await vi.waitFor(async () => expect(await onlyRow()).toMatchObject({ status: 'sent' }), {
        timeout: 5 * SECOND,
        interval: 100,
      });
    } finally {
      await jobs.stop();
    }
    expect(smtp.received).toHaveLength(2);
  });
});
