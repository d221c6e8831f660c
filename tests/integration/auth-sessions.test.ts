import { eq } from 'drizzle-orm';
import type { NextRequest } from 'next/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dummyPasswordHash, verifyPassword } from '@/lib/users/password';
import { getAuthOptions } from '@/lib/auth/options';
import { getViewer, getViewerFromRequest } from '@/lib/auth/viewer';
import { db } from '@/lib/db/client';
import { redirectLogs } from '@/lib/log';
import { RATE_LIMITS } from '@/lib/rate-limit';
import { endAllSessions, getAccountUser, verifyLocalCredentials } from '@/lib/users/service';
import { users } from '@/models';
import { createLocalUser, createUser } from '../factories';
import { useTestDatabase } from '../helpers/db';
import { buildRequest, call } from '../helpers/http';

// Counts the scrypt checks sign-in makes, calling through to the real one.
vi.mock('@/lib/users/password', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/lib/users/password')>();
  return { ...actual, verifyPassword: vi.fn(actual.verifyPassword) };
});

// getViewer() reads the page's request through next/headers; here, the request below.
let pageRequest: NextRequest | undefined;
vi.mock('next/headers', () => ({
  cookies: async () => pageRequest!.cookies,
  headers: async () => pageRequest!.headers,
}));

useTestDatabase();

const PASSWORD = 'Tulip-Rocket-Lantern-93';
const NEW_PASSWORD = 'violet-harbor-lantern-93';

let restoreLogs: (() => void) | undefined;
afterEach(() => {
  restoreLogs?.();
  restoreLogs = undefined;
  vi.unstubAllEnvs();
  vi.useRealTimers();
});
beforeEach(() => {
  vi.mocked(verifyPassword).mockClear();
});

let accounts = 0;

/** An e-mail and password account; each gets a handle of its own (handles are unique). */
async function createAda(email = 'ada@example.com') {
  accounts += 1;
  return createLocalUser({ name: 'Ada Lovelace', handle: `ada_lovelace_${accounts}`, email, password: PASSWORD });
}

async function sessionVersionOf(id: string): Promise<number> {
  const [row] = await db().select({ sv: users.sessionVersion }).from(users).where(eq(users.id, id));
  return row!.sv;
}

async function passwordHashOf(id: string): Promise<string | null> {
  const [row] = await db().select({ hash: users.passwordHash }).from(users).where(eq(users.id, id));
  return row!.hash;
}

/** The viewer an API request with a cookie issued at `sessionVersion` (none: 0) resolves to. */
async function apiViewer(user: { id: string }, sessionVersion?: number) {
  return getViewerFromRequest(await buildRequest('GET', '/api/anything', { as: { ...user, sessionVersion } }));
}

/** The viewer a page rendered with that cookie resolves to. */
async function pageViewer(user: { id: string }, sessionVersion?: number) {
  pageRequest = await buildRequest('GET', '/profile', { as: { ...user, sessionVersion } });
  return getViewer();
}

/** The token next-auth's jwt callback makes when `user` signs in. */
async function signInToken(user: { id: string; name: string; email: string | null }) {
  const jwt = getAuthOptions().callbacks!.jwt!;
  return jwt({ token: {}, user: { id: user.id, name: user.name, email: user.email }, account: null } as never);
}

function signOutEvent(token: Record<string, unknown>) {
  return getAuthOptions().events!.signOut!({ token, session: undefined } as never);
}

const changePassword = (as: { id: string; sessionVersion?: number } | null, json: unknown) =>
  call('POST', '/api/auth/password', { as, json });

describe('session versions', () => {
  it('a session issued before the version was raised is refused, by API requests and pages alike', async () => {
    const ada = await createAda();
    expect(await apiViewer(ada)).toMatchObject({ id: ada.id, email: 'ada@example.com' });
    expect(await apiViewer(ada, 0)).toMatchObject({ id: ada.id });
    expect(await pageViewer(ada, 0)).toMatchObject({ id: ada.id });

    expect(await endAllSessions(ada.id, 0)).toBe(true);
    expect(await sessionVersionOf(ada.id)).toBe(1);
    expect(await apiViewer(ada, 0)).toBeNull();
    expect(await apiViewer(ada)).toBeNull();
    expect(await pageViewer(ada, 0)).toBeNull();
    // Neither ahead of the database.
    expect(await apiViewer(ada, 2)).toBeNull();
    expect(await apiViewer(ada, 1)).toMatchObject({ id: ada.id });
    expect(await pageViewer(ada, 1)).toMatchObject({ id: ada.id });
  });

  it('signing in records the account’s current version in the token, for credentials and OIDC accounts', async () => {
    const ada = await createAda();
    await endAllSessions(ada.id, 0);
    await endAllSessions(ada.id, 1);
    const token = await signInToken(ada);
    expect(token).toMatchObject({ sub: ada.id, sv: 2 });
    expect(await apiViewer(ada, token.sv)).toMatchObject({ id: ada.id });

    const oidc = await createUser({ id: 'auth0|abc123' });
    expect(await signInToken({ ...oidc, email: oidc.email })).toMatchObject({ sub: 'auth0|abc123', sv: 0 });
    // What the Account page reads: whether there is a password to change.
    expect(await getAccountUser(ada.id)).toMatchObject({ sessionVersion: 2, hasPassword: true });
    expect(await getAccountUser(oidc.id)).toMatchObject({ sessionVersion: 0, hasPassword: false });
  });

  it('signing out ends every session of the account; a session that had already ended cannot end the new ones', async () => {
    const ada = await createAda();
    const other = await createAda('other@example.com');
    await signOutEvent({ sub: ada.id, sv: 0 });
    expect(await sessionVersionOf(ada.id)).toBe(1);
    expect(await apiViewer(ada, 0)).toBeNull();
    expect(await sessionVersionOf(other.id)).toBe(0);

    // Signed in again (version 1) on a device; the old cookie signing out changes nothing.
    await signOutEvent({ sub: ada.id, sv: 0 });
    await signOutEvent({ sub: ada.id });
    expect(await sessionVersionOf(ada.id)).toBe(1);
    expect(await apiViewer(ada, 1)).toMatchObject({ id: ada.id });

    await signOutEvent({});
    await signOutEvent({ sub: ada.id, sv: 1 });
    expect(await sessionVersionOf(ada.id)).toBe(2);
  });
});

describe('POST /api/auth/password', () => {
  it('changes the password, ends every session, and signing in with the new one starts a valid one', async () => {
    const ada = await createAda();
    const res = await changePassword(ada, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });

    expect(await verifyLocalCredentials('ada@example.com', PASSWORD)).toBeNull();
    expect(await verifyLocalCredentials('ada@example.com', NEW_PASSWORD)).toMatchObject({ id: ada.id });
    expect(await sessionVersionOf(ada.id)).toBe(1);
    // Another device's session, and this one's old cookie, have ended.
    expect(await apiViewer(ada, 0)).toBeNull();
    expect(
      (await changePassword(ada, { currentPassword: NEW_PASSWORD, newPassword: 'a third lantern harbor' })).status,
    ).toBe(401);
    // The form signs this device in again with the new password.
    const token = await signInToken(ada);
    expect(await apiViewer(ada, token.sv)).toMatchObject({ id: ada.id });
  });

  it('refuses a wrong current password under its field, changing nothing', async () => {
    const ada = await createAda();
    const hash = await passwordHashOf(ada.id);
    const res = await changePassword(ada, { currentPassword: 'not-my-password', newPassword: NEW_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'Current password is incorrect.',
      code: 'bad_request',
      fields: { currentPassword: 'Current password is incorrect.' },
    });
    expect(await passwordHashOf(ada.id)).toBe(hash);
    expect(await apiViewer(ada)).toMatchObject({ id: ada.id });
  });

  it('refuses a new password that is easy to guess, or the current one again, saying why under its field', async () => {
    const ada = await createAda();
    const hash = await passwordHashOf(ada.id);
    const refusal = (reason: string) => ({ error: reason, code: 'bad_request', fields: { newPassword: reason } });

    let res = await changePassword(ada, { currentPassword: PASSWORD, newPassword: '12345678' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(
      refusal(
        'This password is too easy to guess. This is a heavily used password. Add more words that are less common.',
      ),
    );

    res = await changePassword(ada, { currentPassword: PASSWORD, newPassword: 'Ada Lovelace' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(
      refusal(
        'This password is too easy to guess. It contains your name, your handle, your email address or the site’s name. Add more words that are less common.',
      ),
    );

    res = await changePassword(ada, { currentPassword: PASSWORD, newPassword: 'ada@example.com' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(refusal('Password cannot be your email address.'));

    res = await changePassword(ada, { currentPassword: PASSWORD, newPassword: PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(refusal('Choose a password different from your current one.'));

    expect(await passwordHashOf(ada.id)).toBe(hash);
    expect(await sessionVersionOf(ada.id)).toBe(0);
  });

  it('takes a new password of 8 and of 200 characters, refuses 7 and 201, and a current one past 200', async () => {
    const ada = await createAda();
    const tooShort = 'Password must be at least 8 characters';
    const tooLong = 'Password must be 200 characters or fewer';
    const long = 'Tulip-Rocket-Lantern-93 '.repeat(9).slice(0, 200);
    expect(long).toHaveLength(200);

    let res = await changePassword(ada, { currentPassword: PASSWORD, newPassword: 'Kq7#vZ2' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: tooShort, code: 'bad_request', fields: { newPassword: tooShort } });

    res = await changePassword(ada, { currentPassword: PASSWORD, newPassword: 'Kq7#vZ2m' });
    expect(res.status).toBe(200);

    res = await changePassword({ ...ada, sessionVersion: 1 }, { currentPassword: 'Kq7#vZ2m', newPassword: `${long}x` });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: tooLong, code: 'bad_request', fields: { newPassword: tooLong } });

    res = await changePassword(
      { ...ada, sessionVersion: 1 },
      { currentPassword: `${long}x`, newPassword: NEW_PASSWORD },
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: tooLong, code: 'bad_request', fields: { currentPassword: tooLong } });

    res = await changePassword({ ...ada, sessionVersion: 1 }, { currentPassword: 'Kq7#vZ2m', newPassword: long });
    expect(res.status).toBe(200);
    expect(await verifyLocalCredentials('ada@example.com', long)).toMatchObject({ id: ada.id });
  });

  it('answers 400 naming each missing field', async () => {
    const ada = await createAda();
    const res = await changePassword(ada, {});
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'Current password is required',
      code: 'bad_request',
      fields: { currentPassword: 'Current password is required', newPassword: 'New password is required' },
    });
    const empty = await changePassword(ada, { currentPassword: '', newPassword: NEW_PASSWORD });
    expect(empty.body).toEqual({
      error: 'Current password is required',
      code: 'bad_request',
      fields: { currentPassword: 'Current password is required' },
    });
  });

  it('tells an account that signs in with the OIDC provider that it has no password', async () => {
    vi.stubEnv('OIDC_NAME', 'Auth0');
    const oidc = await createUser({ id: 'auth0|abc123' });
    const res = await changePassword(oidc, { currentPassword: 'anything', newPassword: NEW_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'This account signs in with Auth0; it has no password to change.',
      code: 'bad_request',
    });
    expect(await passwordHashOf(oidc.id)).toBeNull();
    expect(await sessionVersionOf(oidc.id)).toBe(0);
  });

  it('answers 401 when signed out, 415 for a body that is not JSON, 403 from another site', async () => {
    const ada = await createAda();
    const signedOut = await changePassword(null, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(signedOut.status).toBe(401);
    expect(signedOut.body).toEqual({ error: 'You must be signed in to do this.', code: 'unauthorized' });

    const text = await call('POST', '/api/auth/password', {
      as: ada,
      body: `currentPassword=${PASSWORD}&newPassword=${NEW_PASSWORD}`,
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
    expect(text.body).toEqual({
      error: 'Send the request body as application/json (or multipart/form-data for files).',
      code: 'unsupported_media_type',
    });

    const crossSite = await call('POST', '/api/auth/password', {
      as: ada,
      json: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
      headers: { origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    expect(crossSite.body).toEqual({
      error: 'This request must come from the Envolve site itself.',
      code: 'forbidden',
    });
    expect(await verifyLocalCredentials('ada@example.com', PASSWORD)).toMatchObject({ id: ada.id });
  });

  it('counts every attempt per user: past the limit even the right password waits, and says how long', async () => {
    const ada = await createAda();
    const bob = await createAda('bob@example.com');
    const { points, duration } = RATE_LIMITS.passwordChange;
    for (let i = 0; i < points; i += 1) {
      expect((await changePassword(ada, { currentPassword: `guess-${i}`, newPassword: NEW_PASSWORD })).status).toBe(
        400,
      );
    }
    const limited = await changePassword(ada, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      error: 'Too many password changes. Please try again in 15 minutes.',
      code: 'rate_limited',
    });
    // The window started with the first attempt: a slow machine may have spent a second since.
    const retryAfter = Number(limited.response.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(duration - 10);
    expect(retryAfter).toBeLessThanOrEqual(duration);
    expect(await verifyLocalCredentials('ada@example.com', PASSWORD)).toMatchObject({ id: ada.id });
    // Another user is counted apart.
    expect((await changePassword(bob, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD })).status).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + duration * 1000 + 1000);
    expect((await changePassword(ada, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD })).status).toBe(200);
  });
});

describe('sign-in', () => {
  const authorize = () =>
    (getAuthOptions().providers[0] as any).options.authorize as (c: Record<string, string>) => Promise<unknown>;

  it('does the same scrypt check for an unknown e-mail and an account without a password as for a real account', async () => {
    await createAda();
    await createUser({ id: 'auth0|abc123', email: 'sso@example.com' });
    const spy = vi.mocked(verifyPassword);
    const hashes: string[] = [];
    for (const email of ['ada@example.com', 'nobody@example.com', 'sso@example.com']) {
      spy.mockClear();
      expect(await verifyLocalCredentials(email, 'wrong-password')).toBeNull();
      expect(spy).toHaveBeenCalledTimes(1);
      expect(spy.mock.calls[0]![0]).toBe('wrong-password');
      hashes.push(spy.mock.calls[0]![1]);
    }
    const [real, unknown, noPassword] = hashes as [string, string, string];
    // The same parameters and key length: the same work.
    const shape = (hash: string) => [...hash.split('$').slice(0, 4), Buffer.from(hash.split('$')[5]!, 'base64').length];
    expect(shape(unknown)).toEqual(shape(real));
    expect(unknown).toBe(await dummyPasswordHash());
    expect(noPassword).toBe(unknown);

    spy.mockClear();
    expect(await verifyLocalCredentials('ada@example.com', PASSWORD)).toMatchObject({ email: 'ada@example.com' });
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('a failure inside the credentials check is a failed sign-in and a logged error, never a thrown one', async () => {
    await createUser({ email: 'broken@example.com' });
    await db()
      .update(users)
      .set({ passwordHash: 'scrypt$not-a-number$8$1$c2FsdA==$a2V5' })
      .where(eq(users.email, 'broken@example.com'));
    const lines: string[] = [];
    restoreLogs = redirectLogs({ write: (line) => void lines.push(line) });
    expect(await authorize()({ email: 'broken@example.com', password: 'whatever-it-is' })).toBeNull();
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 'error', scope: 'auth' });
    expect(lines[0]).not.toContain('broken@example.com');
  });

  it('next-auth’s own errors and warnings go to the app’s logger', async () => {
    const lines: string[] = [];
    restoreLogs = redirectLogs({ write: (line) => void lines.push(line) }, 'info');
    const { logger } = getAuthOptions();
    logger!.error!('OAUTH_CALLBACK_ERROR', new Error('state mismatch'));
    logger!.warn!('NEXTAUTH_URL');
    logger!.debug!('PROFILE_DATA', { access_token: 'secret-token' });
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      expect.objectContaining({
        level: 'error',
        scope: 'next-auth',
        code: 'OAUTH_CALLBACK_ERROR',
        msg: 'Error: state mismatch',
      }),
      expect.objectContaining({ level: 'warn', scope: 'next-auth', code: 'NEXTAUTH_URL' }),
    ]);
  });

  it('keeps every redirect next-auth makes on this site', async () => {
    const redirect = getAuthOptions().callbacks!.redirect!;
    const baseUrl = 'http://localhost:3000';
    expect(await redirect({ url: '/profile', baseUrl })).toBe('http://localhost:3000/profile');
    expect(await redirect({ url: 'http://localhost:3000/account?x=1', baseUrl })).toBe(
      'http://localhost:3000/account?x=1',
    );
    expect(await redirect({ url: 'https://evil.example/steal', baseUrl })).toBe('http://localhost:3000/');
    expect(await redirect({ url: '//evil.example', baseUrl })).toBe('http://localhost:3000/');
  });
});
