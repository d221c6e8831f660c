import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checkSignIn } from '@/lib/auth/sign-in-attempts';
import { db } from '@/lib/db/client';
import { TOKEN_LIFETIME_MINUTES } from '@/lib/domain/accounts';
import { consumeRateLimit, limitReached, RATE_LIMITS } from '@/lib/rate-limit';
import { RESET_LINK_EXPIRED } from '@/lib/users/recovery';
import { issueToken } from '@/lib/users/tokens';
import { verifyLocalCredentials } from '@/lib/users/service';
import { accountRequests, users } from '@/models';
import { type TestUser, createLocalUser, createUser } from '../factories';
import { accountOf, expireTokens, laterBy, queuedMail, tokenMailed, tokensOf } from '../helpers/account-mail';
import { useTestDatabase } from '../helpers/db';
import { recordStatements } from '../helpers/statements';
import { call, NOT_JSON, postBrokenJson, postsFromClients, useSiteUrl } from '../helpers/http';

useTestDatabase();

const SITE = 'http://envolve.example';
const OLD_PASSWORD = 'Tulip-Rocket-Lantern-93';
const NEW_PASSWORD = 'Harbor-Violet-Compass-58';

useSiteUrl(SITE);

// Both endpoints are limited per client address.
const post = postsFromClients('203.0.113');
const forgot = (json: unknown, ip?: string) => post('/api/auth/forgot-password', json, { ip });
const reset = (json: unknown, options: { ip?: string; as?: TestUser } = {}) =>
  post('/api/auth/reset-password', json, options);

async function answer(promise: Promise<{ status: number; body: unknown }>) {
  const { status, body } = await promise;
  return { status, body };
}

const CHECK_INBOX = { status: 202, body: { status: 'check_inbox' } };
const EXPIRED = { status: 400, body: { error: RESET_LINK_EXPIRED, code: 'bad_request' } };
const refusal = (field: string, reason: string) => ({
  status: 400,
  body: { error: reason, code: 'bad_request', fields: { [field]: reason } },
});

let accounts = 0;
/** An e-mail and password account, confirmed or not. */
async function createAda(email = 'ada@example.com', options: { confirmed?: boolean } = { confirmed: true }) {
  accounts += 1;
  const user = await createLocalUser(
    { name: 'Ada Lovelace', handle: `ada_${accounts}`, email, password: OLD_PASSWORD },
    { confirmed: options.confirmed },
  );
  return { ...user, email } as TestUser;
}

/** Asks for a reset link for `email` and gives its token. */
async function resetLink(email: string): Promise<string> {
  expect(await answer(forgot({ email }))).toEqual(CHECK_INBOX);
  return tokenMailed('password_reset', email.toLowerCase());
}

const resetMails = async () => (await queuedMail()).filter((mail) => mail.kind === 'password_reset');

describe('POST /api/auth/forgot-password', () => {
  it('mails the account a single-use link, kept only as a hash, that works for 30 minutes', async () => {
    const ada = await createAda();
    expect(await answer(forgot({ email: ' ADA@Example.com ' }))).toEqual(CHECK_INBOX);
    const token = await tokenMailed('password_reset', 'ada@example.com');
    expect(await queuedMail()).toEqual([
      {
        to: 'ada@example.com',
        kind: 'password_reset',
        userId: ada.id,
        payload: { name: 'Ada Lovelace', url: `${SITE}/reset-password?token=${token}` },
      },
    ]);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await tokensOf(ada.id, 'password_reset')).toEqual([
      {
        purpose: 'password_reset',
        email: 'ada@example.com',
        tokenHash: createHash('sha256').update(token).digest('hex'),
        used: false,
        lifetimeMinutes: TOKEN_LIFETIME_MINUTES.password_reset,
      },
    ]);
    expect(TOKEN_LIFETIME_MINUTES.password_reset).toBe(30);
    // Asking changes nothing yet: the old password still works.
    expect(await verifyLocalCredentials('ada@example.com', OLD_PASSWORD)).toMatchObject({ id: ada.id });
  });

  it('answers exactly the same for an address with no account, one that signs in elsewhere, or one nobody confirmed, and mails them nothing', async () => {
    await createAda();
    await createUser({ id: 'oidc|bob', email: 'bob@example.com' });
    await createAda('cal@example.com', { confirmed: false });
    const known = await forgot({ email: 'ada@example.com' });
    const unknown = await forgot({ email: 'nobody@example.com' });
    const noPassword = await forgot({ email: 'bob@example.com' });
    const unconfirmed = await forgot({ email: 'cal@example.com' });
    for (const other of [unknown, noPassword, unconfirmed]) {
      expect({ status: other.status, body: other.body }).toEqual({ status: known.status, body: known.body });
      expect([...other.response.headers.keys()]).toEqual([...known.response.headers.keys()]);
    }
    expect({ status: known.status, body: known.body }).toEqual(CHECK_INBOX);
    expect((await queuedMail()).map(({ to, kind }) => ({ to, kind }))).toEqual([
      { to: 'ada@example.com', kind: 'password_reset' },
    ]);
  });

  it('sends the same statements, and queues the same work, for every address', async () => {
    await createAda();
    await createUser({ id: 'oidc|bob', email: 'bob@example.com' });
    const sentFor = async (email: string) => {
      const statements = await recordStatements(() => forgot({ email }));
      const queued = await db()
        .select({ kind: accountRequests.kind, email: accountRequests.email })
        .from(accountRequests);
      await db().delete(accountRequests);
      return { statements: statements.map((statement) => statement.sql), queued };
    };
    const known = await sentFor('ada@example.com');
    expect(known.queued).toEqual([{ kind: 'password_reset', email: 'ada@example.com' }]);
    for (const email of ['nobody@example.com', 'bob@example.com']) {
      const other = await sentFor(email);
      expect(other.statements).toEqual(known.statements);
      expect(other.queued).toEqual([{ kind: 'password_reset', email }]);
    }
  });

  it(`mails an address at most ${RATE_LIMITS.addressMail.points} messages an hour, answering the same past that`, async () => {
    await createAda();
    const limit = RATE_LIMITS.addressMail.points;
    let last = '';
    for (let i = 0; i < limit; i += 1) last = await resetLink('ada@example.com');
    expect(await resetMails()).toHaveLength(limit);
    expect(await answer(forgot({ email: 'ada@example.com' }))).toEqual(CHECK_INBOX);
    expect(await answer(forgot({ email: 'Ada@example.com' }))).toEqual(CHECK_INBOX);
    expect(await resetMails()).toHaveLength(limit);
    // A request past the limit issues no link, so the last one mailed still works.
    expect(await answer(reset({ token: last, password: NEW_PASSWORD }))).toEqual({
      status: 200,
      body: { email: 'ada@example.com' },
    });
    // Another account is counted apart; the hour over, the account gets a link again.
    await createAda('bea@example.com');
    await resetLink('bea@example.com');
    laterBy(RATE_LIMITS.addressMail.duration);
    await resetLink('ada@example.com');
    expect((await resetMails()).filter((mail) => mail.to === 'ada@example.com')).toHaveLength(limit + 1);
  });

  it(`takes ${RATE_LIMITS.passwordResetIp.points} requests an hour from one network, whatever the addresses`, async () => {
    await createAda();
    const ip = '192.0.2.77';
    for (let i = 0; i < RATE_LIMITS.passwordResetIp.points; i += 1)
      expect(await answer(forgot({ email: `someone${i}@example.com` }, ip))).toEqual(CHECK_INBOX);
    const past = await forgot({ email: 'ada@example.com' }, ip);
    expect({ status: past.status, body: past.body }).toEqual({
      status: 429,
      body: { error: RATE_LIMITS.passwordResetIp.message.replace('{wait}', '60 minutes'), code: 'rate_limited' },
    });
    expect(Number(past.response.headers.get('retry-after'))).toBeGreaterThan(3500);
    expect(await resetMails()).toEqual([]);
    // Setting the password from a link counts on the same limit.
    expect((await reset({ token: 'x'.repeat(43), password: NEW_PASSWORD }, { ip })).status).toBe(429);
    // Another network is not held up.
    expect(await answer(forgot({ email: 'ada@example.com' }, '192.0.2.78'))).toEqual(CHECK_INBOX);
    laterBy(RATE_LIMITS.passwordResetIp.duration);
    expect(await answer(forgot({ email: 'ada@example.com' }, ip))).toEqual(CHECK_INBOX);
  });

  it('answers 400 for an address that is missing, malformed or over 254 characters', async () => {
    expect(await answer(forgot({}))).toEqual(refusal('email', 'Email is required'));
    expect(await answer(forgot({ email: '  ' }))).toEqual(refusal('email', 'Email is required'));
    expect(await answer(forgot({ email: 'not-an-email' }))).toEqual(
      refusal('email', 'Please enter a valid email address'),
    );
    expect(await answer(forgot({ email: `${'a'.repeat(243)}@example.com` }))).toEqual(
      refusal('email', 'Email must be 254 characters or fewer'),
    );
    expect(await postBrokenJson('/api/auth/forgot-password')).toEqual(NOT_JSON);
  });
});

describe('POST /api/auth/reset-password', () => {
  it('sets the new password, ends every session, and answers the address to sign in with', async () => {
    const ada = await createAda();
    const token = await resetLink('ada@example.com');
    expect((await call('GET', '/api/me', { as: ada })).body).toEqual({
      viewer: expect.objectContaining({ id: ada.id }),
      page: null,
    });

    expect(await answer(reset({ token, password: NEW_PASSWORD }))).toEqual({
      status: 200,
      body: { email: 'ada@example.com' },
    });
    expect(await verifyLocalCredentials('ada@example.com', NEW_PASSWORD)).toMatchObject({ id: ada.id });
    expect(await verifyLocalCredentials('ada@example.com', OLD_PASSWORD)).toBeNull();
    expect(await accountOf(ada.id)).toMatchObject({ sessionVersion: 1 });
    // The session from before is over; one issued now is good.
    expect((await call('GET', '/api/me', { as: ada })).body).toEqual({ viewer: null, page: null });
    expect((await call('GET', '/api/me', { as: { ...ada, sessionVersion: 1 } })).body).toEqual({
      viewer: expect.objectContaining({ id: ada.id }),
      page: null,
    });
  });

  it('works once: the same link again is refused, changing nothing', async () => {
    const ada = await createAda();
    const token = await resetLink('ada@example.com');
    expect((await reset({ token, password: NEW_PASSWORD })).status).toBe(200);
    expect(await answer(reset({ token, password: 'Another-Quiet-Meadow-71' }))).toEqual(EXPIRED);
    expect(await verifyLocalCredentials('ada@example.com', NEW_PASSWORD)).toMatchObject({ id: ada.id });
    expect(await accountOf(ada.id)).toMatchObject({ sessionVersion: 1 });
  });

  it('refuses a link that has expired, or that a newer one replaced', async () => {
    const ada = await createAda();
    const older = await resetLink('ada@example.com');
    const newer = await resetLink('ada@example.com');
    expect(await answer(reset({ token: older, password: NEW_PASSWORD }))).toEqual(EXPIRED);
    await expireTokens(ada.id);
    expect(await answer(reset({ token: newer, password: NEW_PASSWORD }))).toEqual(EXPIRED);
    expect(await verifyLocalCredentials('ada@example.com', OLD_PASSWORD)).toMatchObject({ id: ada.id });
    expect(await accountOf(ada.id)).toMatchObject({ sessionVersion: 0 });
  });

  it('refuses a token never issued, or a link of another kind', async () => {
    const ada = await createAda();
    expect(await answer(reset({ token: 'A'.repeat(43), password: NEW_PASSWORD }))).toEqual(EXPIRED);
    const confirmLink = await issueToken(ada.id, 'email_verify', 'ada@example.com');
    expect(await answer(reset({ token: confirmLink, password: NEW_PASSWORD }))).toEqual(EXPIRED);
    expect(await verifyLocalCredentials('ada@example.com', OLD_PASSWORD)).toMatchObject({ id: ada.id });
  });

  it('refuses a malformed token before looking it up', async () => {
    const invalid = refusal('token', 'This link is not valid.');
    expect(await answer(reset({ token: 'A'.repeat(42), password: NEW_PASSWORD }))).toEqual(invalid);
    expect(await answer(reset({ token: 'A'.repeat(44), password: NEW_PASSWORD }))).toEqual(invalid);
    expect(await answer(reset({ token: `${'A'.repeat(42)}=`, password: NEW_PASSWORD }))).toEqual(invalid);
    expect(await answer(reset({ password: NEW_PASSWORD }))).toEqual(invalid);
  });

  it('refuses a weak password under its field and keeps the link working', async () => {
    const ada = await createAda();
    const token = await resetLink('ada@example.com');
    expect(await answer(reset({ token, password: '12345678' }))).toEqual(
      refusal(
        'password',
        'This password is too easy to guess. This is a heavily used password. Add more words that are less common.',
      ),
    );
    expect(await answer(reset({ token, password: 'Ada@Example.com' }))).toEqual(
      refusal('password', 'Password cannot be your email address.'),
    );
    expect(await answer(reset({ token, password: 'Kq7#vZ2' }))).toEqual(
      refusal('password', 'Password must be at least 8 characters'),
    );
    const long = 'Tulip-Rocket-Lantern-93 '.repeat(9).slice(0, 200);
    expect(await answer(reset({ token, password: `${long}x` }))).toEqual(
      refusal('password', 'Password must be 200 characters or fewer'),
    );
    expect(await answer(reset({ token }))).toEqual(refusal('password', 'Password is required'));
    expect(await tokensOf(ada.id, 'password_reset')).toMatchObject([{ used: false }]);
    expect(await verifyLocalCredentials('ada@example.com', OLD_PASSWORD)).toMatchObject({ id: ada.id });
    // 200 characters are accepted, with the same link.
    expect((await reset({ token, password: long })).status).toBe(200);
    expect(await verifyLocalCredentials('ada@example.com', long)).toMatchObject({ id: ada.id });
  });

  it('takes a password of exactly 8 characters', async () => {
    const ada = await createAda();
    const token = await resetLink('ada@example.com');
    expect((await reset({ token, password: 'Kq7#vZ2m' })).status).toBe(200);
    expect(await verifyLocalCredentials('ada@example.com', 'Kq7#vZ2m')).toMatchObject({ id: ada.id });
  });

  it('confirms the address the link reached, and ends the account’s other links', async () => {
    const ada = await createAda('ada@example.com', { confirmed: false });
    const confirmLink = await issueToken(ada.id, 'email_verify', 'ada@example.com');
    const changeLink = await issueToken(ada.id, 'email_change', 'ada@new.example');
    // An unconfirmed address is mailed no reset link now; one sent before still works.
    const token = await issueToken(ada.id, 'password_reset', 'ada@example.com');
    expect((await reset({ token, password: NEW_PASSWORD })).status).toBe(200);
    expect(await accountOf(ada.id)).toMatchObject({ verified: true });
    expect((await tokensOf(ada.id)).map(({ purpose, used }) => ({ purpose, used }))).toEqual([
      { purpose: 'email_verify', used: true },
      { purpose: 'email_change', used: true },
      { purpose: 'password_reset', used: true },
    ]);
    expect(confirmLink).not.toBe(changeLink);
  });

  it('does not confirm an address the link was not sent to', async () => {
    const ada = await createAda('ada@example.com', { confirmed: false });
    const token = await issueToken(ada.id, 'password_reset', 'ada@example.com');
    await db().update(users).set({ email: 'ada@new.example' }).where(eq(users.id, ada.id));
    expect(await answer(reset({ token, password: NEW_PASSWORD }))).toEqual({
      status: 200,
      body: { email: 'ada@new.example' },
    });
    expect(await accountOf(ada.id)).toMatchObject({ email: 'ada@new.example', verified: false });
  });

  it('lifts the sign-in lock of the account, so the new password works at once', async () => {
    const ada = await createAda();
    for (let i = 0; i < RATE_LIMITS.signInAccount.points; i += 1)
      await consumeRateLimit('signInAccount', 'ada@example.com').catch(() => undefined);
    expect(await limitReached('signInAccount', 'ada@example.com')).not.toBeNull();
    const token = await resetLink('ada@example.com');
    expect((await reset({ token, password: NEW_PASSWORD })).status).toBe(200);
    expect(await limitReached('signInAccount', 'ada@example.com')).toBeNull();
    expect(
      await checkSignIn('ada@example.com', '192.0.2.1', () => verifyLocalCredentials('ada@example.com', NEW_PASSWORD)),
    ).toMatchObject({ id: ada.id });
  });

  it('sets the password of the link’s account only, whoever is signed in where it is used', async () => {
    const ada = await createAda();
    const bob = await createAda('bob@example.com');
    const token = await resetLink('ada@example.com');
    expect(await answer(reset({ token, password: NEW_PASSWORD }, { as: bob }))).toEqual({
      status: 200,
      body: { email: 'ada@example.com' },
    });
    expect(await verifyLocalCredentials('ada@example.com', NEW_PASSWORD)).toMatchObject({ id: ada.id });
    expect(await verifyLocalCredentials('bob@example.com', OLD_PASSWORD)).toMatchObject({ id: bob.id });
    expect(await accountOf(bob.id)).toMatchObject({ sessionVersion: 0 });
  });

  it('refuses the link of an account deleted since', async () => {
    const ada = await createAda();
    const token = await resetLink('ada@example.com');
    await db().update(users).set({ deletedAt: new Date() }).where(eq(users.id, ada.id));
    expect(await answer(reset({ token, password: NEW_PASSWORD }))).toEqual(EXPIRED);
    expect(await verifyLocalCredentials('ada@example.com', OLD_PASSWORD)).toMatchObject({ id: ada.id });
  });
});
