import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { db } from '@/lib/db/client';
import { NEWSLETTER_SIGN_UP_ANSWER } from '@/lib/domain/newsletter';
import { composeNewsletterMail } from '@/lib/newsletter/issue';
import { unsubscribeToken } from '@/lib/newsletter/links';
import { confirmedSubscribers, RESEND_MINUTES } from '@/lib/newsletter/service';
import { RATE_LIMITS } from '@/lib/rate-limit';
import { queueAccountMail } from '@/lib/users/account-mail';
import { accountMail, newsletterSubscribers } from '@/models';
import { createUser } from '../factories';
import { useTestDatabase } from '../helpers/db';
import { call, NOT_JSON } from '../helpers/http';

// The newsletter's double opt-in through its API: a sign-up mails a link and the address
// counts once it is followed; the answer is the same for every address; mail to an address
// is capped; every issue carries a one-click way out.

useTestDatabase();

afterEach(() => {
  vi.useRealTimers();
});

let clients = 0;
/** Each sign-up from an address of its own unless `ip` is given: the IP limit is tested alone. */
const signUp = (json: unknown, ip = `198.18.${Math.floor(clients / 250)}.${(clients++ % 250) + 1}`) =>
  call('POST', '/api/newsletter', { json, headers: { 'x-forwarded-for': ip } });
const confirm = (token: string) => call('POST', '/api/newsletter/confirm', { json: { token } });

const ANSWER = { status: 202, body: { ok: true, message: NEWSLETTER_SIGN_UP_ANSWER } };
const LINK_REFUSED = {
  status: 410,
  body: {
    error: 'This confirmation link is not valid or has expired. Sign up again on the home page to get a new one.',
    code: 'gone',
  },
};

const answerOf = ({ status, body }: { status: number; body: unknown }) => ({ status, body });

/** The confirmation e-mails queued to `address`, oldest first, with the token of each link. */
async function mailsTo(address: string) {
  const found = await db().select().from(accountMail).where(eq(accountMail.toAddress, address));
  return found.map((row) => {
    expect(row.kind).toBe('newsletter_confirm');
    const url = new URL(row.payload!.url!);
    expect(url.pathname).toBe('/newsletter/confirm');
    return { url: url.toString(), token: url.searchParams.get('token')! };
  });
}

const subscriberRows = () =>
  db().select({ email: newsletterSubscribers.email, status: newsletterSubscribers.status }).from(newsletterSubscribers);

/** Moves the app's clock forward (Date only: the limits and the resend wait read it). */
function laterBy(minutes: number) {
  const now = Date.now();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now + minutes * 60_000);
}

describe('POST /api/newsletter', () => {
  it('mails a link, and the address counts only once the link is followed', async () => {
    expect(answerOf(await signUp({ email: ' Fan@Example.COM ' }))).toEqual(ANSWER);
    expect(await subscriberRows()).toEqual([{ email: 'fan@example.com', status: 'pending' }]);
    expect(await confirmedSubscribers()).toEqual([]);
    const [mail] = await mailsTo('fan@example.com');
    expect(mail!.url).toMatch(/^http:\/\/localhost:3000\/newsletter\/confirm\?token=[\w-]{43}$/);
    // Only the token's hash is kept.
    const [row] = await db().select().from(newsletterSubscribers);
    expect(JSON.stringify(row)).not.toContain(mail!.token);

    expect(answerOf(await confirm(mail!.token))).toEqual({ status: 200, body: { subscribed: true } });
    expect(await confirmedSubscribers()).toEqual([{ id: row!.id, email: 'fan@example.com' }]);
    // A link works once.
    expect(answerOf(await confirm(mail!.token))).toEqual(LINK_REFUSED);
  });

  it('answers alike for a new, a waiting, a subscribed and an unsubscribed address, and mails only where it may', async () => {
    await signUp({ email: 'known@example.com' });
    await confirm((await mailsTo('known@example.com'))[0]!.token);
    await signUp({ email: 'waiting@example.com' });
    await signUp({ email: 'gone@example.com' });
    await confirm((await mailsTo('gone@example.com'))[0]!.token);
    const [gone] = await db()
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, 'gone@example.com'));
    await call('POST', `/api/newsletter/unsubscribe?token=${unsubscribeToken(gone!.id)}`);
    // An account's address is no different.
    await createUser({ email: 'member@example.com' });

    const answers = [];
    for (const email of [
      'new@example.com',
      'known@example.com',
      'waiting@example.com',
      'gone@example.com',
      'member@example.com',
    ])
      answers.push(answerOf(await signUp({ email })));
    expect(answers).toEqual(answers.map(() => ANSWER));

    expect(await mailsTo('new@example.com')).toHaveLength(1);
    // Subscribed already: nothing to confirm, nothing sent.
    expect(await mailsTo('known@example.com')).toHaveLength(1);
    // Sent a link a moment ago: not another yet.
    expect(await mailsTo('waiting@example.com')).toHaveLength(1);
    // Unsubscribed: back only by confirming again.
    expect(await mailsTo('gone@example.com')).toHaveLength(2);
    expect(await mailsTo('member@example.com')).toHaveLength(1);
    const statuses = Object.fromEntries((await subscriberRows()).map((row) => [row.email, row.status]));
    expect(statuses).toEqual({
      'new@example.com': 'pending',
      'known@example.com': 'confirmed',
      'waiting@example.com': 'pending',
      'gone@example.com': 'pending',
      'member@example.com': 'pending',
    });
  });

  it(`mails a waiting address again after ${RESEND_MINUTES} minutes, and only the newest link works`, async () => {
    await signUp({ email: 'fan@example.com' });
    laterBy(RESEND_MINUTES - 1);
    expect(answerOf(await signUp({ email: 'FAN@example.com' }))).toEqual(ANSWER);
    expect(await mailsTo('fan@example.com')).toHaveLength(1);
    laterBy(2);
    expect(answerOf(await signUp({ email: 'fan@example.com' }))).toEqual(ANSWER);
    const [first, second] = await mailsTo('fan@example.com');
    expect(second).toBeDefined();
    expect(answerOf(await confirm(first!.token))).toEqual(LINK_REFUSED);
    expect(answerOf(await confirm(second!.token))).toEqual({ status: 200, body: { subscribed: true } });
    expect(await subscriberRows()).toEqual([{ email: 'fan@example.com', status: 'confirmed' }]);
  });

  it("stays within the address's cap of e-mails, shared with account e-mails, and answers the same past it", async () => {
    const { points } = RATE_LIMITS.addressMail;
    for (let i = 0; i < points; i += 1)
      expect(
        await queueAccountMail(
          'target@example.com',
          { kind: 'verify_email', payload: { name: 'T', url: 'http://x' } },
          null,
        ),
      ).toBe(true);
    expect(answerOf(await signUp({ email: 'target@example.com' }))).toEqual(ANSWER);
    const kinds = await db().select({ kind: accountMail.kind }).from(accountMail);
    expect(kinds.filter((row) => row.kind === 'newsletter_confirm')).toEqual([]);
    expect(await subscriberRows()).toEqual([]);
  });

  it('refuses a missing, empty, malformed or too long address, and stores nothing', async () => {
    expect(answerOf(await signUp({}))).toEqual({
      status: 400,
      body: { error: 'Email is required', code: 'bad_request', fields: { email: 'Email is required' } },
    });
    expect((await signUp({ email: '   ' })).body.error).toBe('Email is required');
    expect((await signUp({ email: 'not-an-email' })).body.error).toBe('Please enter a valid email address');
    expect((await signUp({ email: 42 })).status).toBe(400);
    expect((await signUp(['fan@example.com'])).status).toBe(400);
    const long = `${'a'.repeat(64)}@${'b'.repeat(185)}.com`;
    expect(long).toHaveLength(254);
    expect(answerOf(await signUp({ email: long }))).toEqual(ANSWER);
    expect(answerOf(await signUp({ email: `a${long}` }))).toEqual({
      status: 400,
      body: {
        error: 'Email must be 254 characters or fewer',
        code: 'bad_request',
        fields: { email: 'Email must be 254 characters or fewer' },
      },
    });
    expect(await subscriberRows()).toEqual([{ email: long, status: 'pending' }]);
  });

  it('takes JSON only', async () => {
    const post = (body: string, type: string) =>
      call('POST', '/api/newsletter', { body, headers: { 'content-type': type, 'x-forwarded-for': '198.19.0.1' } });
    expect(answerOf(await post('{"email":', 'application/json'))).toEqual(NOT_JSON);
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      expect((await post('email=fan@example.com', type)).status, type).toBe(415);
    }
    expect(await subscriberRows()).toEqual([]);
  });

  it(`answers the ${RATE_LIMITS.newsletterIp.points + 1}th sign-up from one network within the hour with 429`, async () => {
    const { points } = RATE_LIMITS.newsletterIp;
    for (let i = 0; i < points; i += 1)
      expect((await signUp({ email: `fan${i}@example.com` }, '203.0.113.9')).status).toBe(202);
    const limited = await signUp({ email: 'one-more@example.com' }, '203.0.113.9');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      error: expect.stringMatching(/^Too many sign-ups\. Please try again in (60|59) minutes\.$/),
      code: 'rate_limited',
    });
    expect(Number(limited.response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await mailsTo('one-more@example.com')).toEqual([]);
    expect((await signUp({ email: 'one-more@example.com' }, '203.0.113.10')).status).toBe(202);
  });
});

describe('POST /api/newsletter/confirm', () => {
  it('refuses a link past its 48 hours, an unknown one and a malformed body', async () => {
    await signUp({ email: 'late@example.com' });
    const [mail] = await mailsTo('late@example.com');
    // Mailed 48 hours and a minute ago, by the database's clock, which the check reads.
    await db()
      .update(newsletterSubscribers)
      .set({ tokenSentAt: sql`now() - make_interval(mins => ${48 * 60 + 1})` });
    expect(answerOf(await confirm(mail!.token))).toEqual(LINK_REFUSED);
    expect(answerOf(await confirm('x'.repeat(43)))).toEqual(LINK_REFUSED);
    expect((await confirm('')).status).toBe(400);
    expect((await confirm('x'.repeat(201))).status).toBe(400);
    expect((await call('POST', '/api/newsletter/confirm', { json: {} })).body.error).toBe('This link is not valid.');
    expect(await confirmedSubscribers()).toEqual([]);
  });
});

describe('unsubscribing', () => {
  async function subscribed(email: string) {
    await signUp({ email });
    await confirm((await mailsTo(email))[0]!.token);
    const [row] = await db().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
    return { id: row!.id, email };
  }

  it('every issue carries its link and the one-click header, which works from a mail client', async () => {
    const subscriber = await subscribed('reader@example.com');
    const mail = composeNewsletterMail(subscriber, { subject: 'News', html: '<p>Hello</p>', text: 'Hello' });
    const oneClick = /^<(http:\/\/localhost:3000\/api\/newsletter\/unsubscribe\?token=[^>]+)>$/.exec(
      (mail.headers as Record<string, string>)['List-Unsubscribe']!,
    )![1]!;
    expect(mail.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    const page = `http://localhost:3000/newsletter/unsubscribe?token=${new URL(oneClick).searchParams.get('token')}`;
    expect(mail.text).toContain(`Unsubscribe: ${page}`);
    expect(mail.html).toContain(`<a href="${page}">Unsubscribe</a>`);
    expect(mail).toMatchObject({ to: 'reader@example.com', subject: 'News' });

    // RFC 8058: a form POST from the provider's servers, from no page of ours.
    const res = await call('POST', new URL(oneClick).pathname + new URL(oneClick).search, {
      body: 'List-Unsubscribe=One-Click',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://mail.example',
        'sec-fetch-site': 'cross-site',
      },
    });
    expect(answerOf(res)).toEqual({ status: 200, body: { unsubscribed: true } });
    expect(await confirmedSubscribers()).toEqual([]);
    expect(await subscriberRows()).toEqual([{ email: 'reader@example.com', status: 'unsubscribed' }]);
    // Again: nothing changes, and it is no error.
    expect(answerOf(await call('POST', new URL(oneClick).pathname + new URL(oneClick).search))).toEqual({
      status: 200,
      body: { unsubscribed: true },
    });
  });

  it("takes the page's JSON, and refuses a token this site did not sign", async () => {
    const subscriber = await subscribed('reader@example.com');
    const other = await subscribed('other@example.com');
    const forged = `${other.id}.${unsubscribeToken(subscriber.id).split('.')[1]}`;
    const refused = { status: 400, body: { error: 'This unsubscribe link is not valid.', code: 'bad_request' } };
    for (const token of [forged, '', 'abc', `${other.id}.`, `${unsubscribeToken(other.id)}.x`])
      expect(answerOf(await call('POST', '/api/newsletter/unsubscribe', { json: { token } })), token).toEqual(refused);
    expect(
      answerOf(
        await call('POST', '/api/newsletter/unsubscribe', {
          body: '{',
          headers: { 'content-type': 'application/json' },
        }),
      ),
    ).toEqual(refused);
    expect(
      (await call('POST', '/api/newsletter/unsubscribe', { body: 'x', headers: { 'content-type': 'text/plain' } }))
        .status,
    ).toBe(415);
    expect((await confirmedSubscribers()).map((row) => row.email).sort()).toEqual([
      'other@example.com',
      'reader@example.com',
    ]);

    const res = await call('POST', '/api/newsletter/unsubscribe', { json: { token: unsubscribeToken(other.id) } });
    expect(answerOf(res)).toEqual({ status: 200, body: { unsubscribed: true } });
    expect(await confirmedSubscribers()).toEqual([subscriber]);
  });
});
