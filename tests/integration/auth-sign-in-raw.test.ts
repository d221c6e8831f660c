import { AsyncLocalStorage } from 'node:async_hooks';
import { createRequire } from 'node:module';
import { eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { GET, POST } from '@/app/api/auth/[...nextauth]/route';
import { verifyPassword } from '@/lib/users/password';
import { db } from '@/lib/db/client';
import { redirectLogs } from '@/lib/log';
import { RATE_LIMITS } from '@/lib/rate-limit';
import { users } from '@/models';
import { createLocalUser } from '../factories';
import { useTestDatabase } from '../helpers/db';
import { call } from '../helpers/http';

// The real next-auth handler behind the app's route, sent bodies the way a script sends
// them: plain forms, forms asking for JSON, repeated fields, odd content types, many at
// once. next-auth reads the request's cookies and headers through next/headers, which
// outside Next's server has no request: each call here provides its own. next-auth loads
// it with Node's require when a request comes, so the stand-in goes in require's cache.
const current = new AsyncLocalStorage<NextRequest>();
const require = createRequire(import.meta.url);
const nextHeaders = require.resolve('next/headers');
const realNextHeaders = require.cache[nextHeaders];
beforeAll(() => {
  const exports = {
    cookies: async () => current.getStore()!.cookies,
    headers: async () => current.getStore()!.headers,
  };
  require.cache[nextHeaders] = { id: nextHeaders, filename: nextHeaders, loaded: true, exports } as NodeJS.Module;
});
afterAll(() => {
  if (realNextHeaders) require.cache[nextHeaders] = realNextHeaders;
  else delete require.cache[nextHeaders];
});

// Counts the password checks sign-in makes, calling through to the real one.
vi.mock('@/lib/users/password', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/lib/users/password')>();
  return { ...actual, verifyPassword: vi.fn(actual.verifyPassword) };
});

useTestDatabase();

const PASSWORD = 'Tulip-Rocket-Lantern-93';
const SITE = 'http://localhost:3000';
const ACCOUNT_LIMITED = 'Too many failed sign-in attempts for this account. Please try again in 15 minutes.';
const IP_LIMITED = 'Too many failed sign-in attempts from your network. Please try again in 15 minutes.';
const FORM = 'application/x-www-form-urlencoded';

beforeEach(() => {
  vi.stubEnv('NEXTAUTH_URL', SITE);
});

type Sent = { status: number; body: unknown; location: string | null; cookies: string[] };

async function send(method: 'GET' | 'POST', path: string, init: { headers?: Record<string, string>; body?: string }) {
  const request = new NextRequest(new URL(path, SITE), {
    method,
    headers: { host: 'localhost:3000', ...init.headers },
    body: init.body,
  });
  const action = new URL(path, SITE).pathname.split('/').slice(3);
  const handler = method === 'GET' ? GET : POST;
  const response = await current.run(request, () =>
    handler(request, { params: Promise.resolve({ nextauth: action }) }),
  );
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON
  }
  return {
    status: response.status,
    body,
    location: response.headers.get('location'),
    cookies: response.headers.getSetCookie(),
  };
}

/** A CSRF token and the cookie it is bound to, as the sign-in page gets them. */
async function csrf(): Promise<{ token: string; cookie: string }> {
  const answer = await send('GET', '/api/auth/csrf', {});
  const cookie = answer.cookies.find((c) => c.startsWith('next-auth.csrf-token='))!.split(';')[0]!;
  return { token: (answer.body as { csrfToken: string }).csrfToken, cookie };
}

type Attempt = {
  /** Extra fields, or a body written by hand. */
  fields?: Array<[string, string]>;
  body?: string;
  json?: boolean;
  contentType?: string;
  ip?: string;
  cookie?: string;
};

/** Posts the credentials callback as a script would; `json` adds next-auth's `json=true`. */
async function attempt(email: string, password: string, options: Attempt = {}): Promise<Sent> {
  const { token, cookie } = await csrf();
  const fields: Array<[string, string]> = [
    ['csrfToken', token],
    ['email', email],
    ['password', password],
    ...(options.json ? ([['json', 'true']] as Array<[string, string]>) : []),
    ...(options.fields ?? []),
  ];
  return send('POST', '/api/auth/callback/credentials', {
    headers: {
      'content-type': options.contentType ?? FORM,
      cookie: [cookie, options.cookie].filter(Boolean).join('; '),
      'x-forwarded-for': options.ip ?? '203.0.113.7',
    },
    body: options.body ?? new URLSearchParams(fields).toString(),
  });
}

const signedIn = (answer: Sent) => answer.cookies.some((c) => /^next-auth\.session-token=[^;]+/.test(c));
const sessionCookieOf = (answer: Sent) =>
  answer.cookies.find((c) => c.startsWith('next-auth.session-token='))!.split(';')[0]!;

const limited = (error: string) => ({
  status: 429,
  body: {
    error,
    code: 'rate_limited',
    retryAfter: expect.toSatisfy((seconds: number) => seconds > 840 && seconds <= 900),
    url: `${SITE}/login?error=RateLimited`,
  },
});

const wrongForm = { status: 302, location: `${SITE}/api/auth/error?error=CredentialsSignin&provider=credentials` };
const wrongJson = {
  status: 401,
  body: { url: `${SITE}/api/auth/error?error=CredentialsSignin&provider=credentials` },
};

let accounts = 0;

/** An e-mail and password account; each gets a handle of its own (handles are unique). */
async function createAda(email = 'ada@example.com') {
  accounts += 1;
  return createLocalUser({ name: 'Ada Lovelace', handle: `ada_lovelace_${accounts}`, email, password: PASSWORD });
}

describe('every failed sign-in counts, whatever the body looks like', () => {
  it('counts plain form posts (answered with a redirect): the fifth locks the account, then even the right password is refused', async () => {
    await createAda();
    for (let i = 1; i < RATE_LIMITS.signInAccount.points; i++) {
      expect(await attempt('ada@example.com', `wrong-${i}`)).toMatchObject(wrongForm);
    }
    expect(await attempt('ada@example.com', 'wrong-5')).toMatchObject(limited(ACCOUNT_LIMITED));
    const right = await attempt('ada@example.com', PASSWORD);
    expect(right).toMatchObject(limited(ACCOUNT_LIMITED));
    expect(signedIn(right)).toBe(false);
    // From another address too: the account is what is locked.
    expect(await attempt('ada@example.com', PASSWORD, { ip: '198.51.100.9' })).toMatchObject(limited(ACCOUNT_LIMITED));
  });

  it('counts plain forms and forms asking for JSON together', async () => {
    await createAda();
    expect(await attempt('ada@example.com', 'wrong-1', { json: true })).toMatchObject(wrongJson);
    expect(await attempt('ada@example.com', 'wrong-2')).toMatchObject(wrongForm);
    expect(await attempt('ADA@example.com ', 'wrong-3', { json: true })).toMatchObject(wrongJson);
    expect(await attempt('ada@example.com', 'wrong-4', { contentType: `${FORM};charset=UTF-8` })).toMatchObject(
      wrongForm,
    );
    expect(await attempt('ada@example.com', PASSWORD, { json: true })).toMatchObject({ status: 200 });
    // That success cleared the count: five more failures before the lock.
    for (let i = 1; i < RATE_LIMITS.signInAccount.points; i++) await attempt('ada@example.com', 'wrong');
    expect(await attempt('ada@example.com', 'wrong')).toMatchObject(limited(ACCOUNT_LIMITED));
  });

  it('signs in with the right password before any lock, as a plain form and as JSON', async () => {
    const ada = await createAda();
    const plain = await attempt('ada@example.com', PASSWORD);
    expect(plain).toMatchObject({ status: 302, location: SITE });
    expect(signedIn(plain)).toBe(true);
    const json = await attempt('ada@example.com', PASSWORD, { json: true });
    expect(json).toMatchObject({ status: 200, body: { url: SITE } });
    const session = await send('GET', '/api/auth/session', { headers: { cookie: sessionCookieOf(json) } });
    expect(session.body).toMatchObject({ user: { sub: ada.id, email: 'ada@example.com' } });
  });

  it('counts guesses sent at once: no more than the limit are checked', async () => {
    await createAda();
    vi.mocked(verifyPassword).mockClear();
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) => attempt('ada@example.com', `wrong-${i}`, { json: true })),
    );
    const checked = answers.filter((answer) => answer.status === 401);
    const refused = answers.filter((answer) => answer.status === 429);
    // Four failures answer 401, the fifth uses up the limit (429), the rest are never checked.
    expect(checked.length).toBeLessThanOrEqual(RATE_LIMITS.signInAccount.points - 1);
    expect(checked.length + refused.length).toBe(16);
    expect(verifyPassword).toHaveBeenCalledTimes(RATE_LIMITS.signInAccount.points);
    expect(await attempt('ada@example.com', PASSWORD, { json: true })).toMatchObject(limited(ACCOUNT_LIMITED));
  });

  it('counts failures per address across accounts, and lets the address’s right password through elsewhere', async () => {
    await createAda();
    const { points } = RATE_LIMITS.signInIp;
    for (let i = 1; i < points; i++) {
      expect((await attempt(`nobody${i}@example.com`, 'wrong', { ip: '192.0.2.44' })).status).toBe(302);
    }
    expect(await attempt('last@example.com', 'wrong', { ip: '192.0.2.44' })).toMatchObject(limited(IP_LIMITED));
    expect(await attempt('ada@example.com', PASSWORD, { ip: '192.0.2.44' })).toMatchObject(limited(IP_LIMITED));
    expect(await attempt('ada@example.com', PASSWORD, { ip: '192.0.2.45' })).toMatchObject({ status: 302 });
  });
});

describe('bodies next-auth would read differently from the guard are refused', () => {
  const bad = (error: string) => ({ status: 400, body: { error, code: 'bad_request' } });
  const REPEATED = 'Send each field of the form once.';
  const NOT_A_FORM = 'Send the form as application/x-www-form-urlencoded, with no other parameters.';

  it('refuses repeated credential fields with 400 and counts nothing', async () => {
    await createAda();
    for (const extra of [[['email', 'decoy@example.com']], [['password', 'second']], [['csrfToken', 'x']]] as Array<
      Array<[string, string]>
    >) {
      expect(await attempt('ada@example.com', 'wrong', { fields: extra })).toEqual({
        ...bad(REPEATED),
        location: null,
        cookies: [],
      });
    }
    // A decoy first e-mail and the victim's last: refused, so no guess reaches the victim.
    const decoy = await attempt('decoy@example.com', 'wrong', { fields: [['email', 'ada@example.com']] });
    expect(decoy).toMatchObject(bad(REPEATED));
    // None of those counted: four failures still answer as failures.
    for (let i = 1; i < RATE_LIMITS.signInAccount.points; i++) {
      expect(await attempt('ada@example.com', 'wrong')).toMatchObject(wrongForm);
    }
  });

  it.each([
    [`${FORM}; x=application/json`, 400],
    [`${FORM};charset=latin1`, 400],
    [`${FORM}; charset=utf-8; boundary=x`, 400],
    ['application/json', 415],
    ['text/plain', 415],
    ['multipart/form-data; boundary=x', 415],
  ])('refuses the content type %j (%i) before next-auth reads the body', async (contentType, status) => {
    await createAda();
    const body = JSON.stringify({ email: 'ada@example.com', password: PASSWORD, csrfToken: 'x', json: 'true' });
    const answer = await attempt('ada@example.com', PASSWORD, { contentType, body });
    expect(answer.status).toBe(status);
    expect(signedIn(answer)).toBe(false);
    if (status === 400) expect(answer.body).toEqual({ error: NOT_A_FORM, code: 'bad_request' });
  });

  it('lets a success clear only the account whose password matched', async () => {
    await createAda();
    await createAda('mallory@example.com');
    for (let i = 1; i < RATE_LIMITS.signInAccount.points; i++) await attempt('ada@example.com', 'wrong');
    // Mallory signs in to her own account, naming Ada's address in every way the form allows.
    expect((await attempt('mallory@example.com', PASSWORD, { fields: [['email', 'ada@example.com']] })).status).toBe(
      400,
    );
    expect((await attempt('mallory@example.com', PASSWORD, { fields: [['username', 'ada@example.com']] })).status).toBe(
      302,
    );
    expect(await attempt('ada@example.com', 'wrong')).toMatchObject(limited(ACCOUNT_LIMITED));
  });
});

describe('next-auth’s own session endpoint honours ended sessions', () => {
  async function signInAda(): Promise<string> {
    return sessionCookieOf(await attempt('ada@example.com', PASSWORD, { json: true }));
  }

  const ended = (answer: Sent) => {
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({});
    expect(
      answer.cookies.some(
        (c) => /^next-auth\.session-token=;/.test(c) && /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(c),
      ),
    ).toBe(true);
  };

  it('answers no session, and clears the cookie, after sign-out', async () => {
    await createAda();
    const cookie = await signInAda();
    const before = await send('GET', '/api/auth/session', { headers: { cookie } });
    expect(before.body).toMatchObject({ user: { name: 'Ada Lovelace', email: 'ada@example.com' } });
    const { token, cookie: csrfCookie } = await csrf();
    const out = await send('POST', '/api/auth/signout', {
      headers: { 'content-type': FORM, cookie: `${cookie}; ${csrfCookie}` },
      body: new URLSearchParams({ csrfToken: token, json: 'true' }).toString(),
    });
    expect(out.status).toBe(200);
    ended(await send('GET', '/api/auth/session', { headers: { cookie } }));
  });

  it('answers no session after a password change, and for a deleted account', async () => {
    const ada = await createAda();
    const cookie = await signInAda();
    const changed = await call('POST', '/api/auth/password', {
      as: { id: ada.id, sessionVersion: 0 },
      json: { currentPassword: PASSWORD, newPassword: 'violet-harbor-lantern-93' },
    });
    expect(changed.status).toBe(200);
    ended(await send('GET', '/api/auth/session', { headers: { cookie } }));

    await createAda('grace@example.com');
    const graceCookie = sessionCookieOf(await attempt('grace@example.com', PASSWORD, { json: true }));
    await db().delete(users).where(eq(users.email, 'grace@example.com'));
    ended(await send('GET', '/api/auth/session', { headers: { cookie: graceCookie } }));
  });
});

describe('the client log endpoint', () => {
  let lines: string[] = [];
  let restore: () => void = () => undefined;
  beforeEach(() => {
    lines = [];
    restore = redirectLogs({ write: (line: string) => lines.push(line) }, 'info');
  });
  afterEach(() => restore());

  const report = (body: string, ip = '203.0.113.80') =>
    send('POST', '/api/auth/_log', { headers: { 'content-type': FORM, 'x-forwarded-for': ip }, body });

  it('writes a short, scrubbed warning, never an error line with what was sent', async () => {
    const message = `failed for ada@example.com ${'x'.repeat(500)}`;
    const answer = await report(
      new URLSearchParams({ level: 'error', code: 'CLIENT_FETCH_ERROR', message }).toString(),
    );
    expect(answer).toMatchObject({ status: 200, body: {} });
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: 'warn', scope: 'next-auth-client', code: 'CLIENT_FETCH_ERROR' });
    expect(logged[0]!.report).toBe(`failed for [email] ${'x'.repeat(500)}`.slice(0, 200));
    await report(new URLSearchParams({ level: 'error', code: 'made up\nline', message: 'hi' }).toString());
    expect(JSON.parse(lines[1]!)).toMatchObject({ level: 'warn', code: 'UNKNOWN' });
  });

  it('refuses a report over 2 KB without reading it, and counts reports per address', async () => {
    const big = await report(`message=${'a'.repeat(16 * 1024)}`);
    expect(big).toMatchObject({ status: 413, body: { error: 'The request body is too large.', code: 'too_large' } });
    for (let i = 1; i < RATE_LIMITS.clientLogIp.points; i++) expect((await report('code=X')).status).toBe(200);
    expect(await report('code=X')).toMatchObject({ status: 429, body: { code: 'rate_limited' } });
    expect((await report('code=X', '203.0.113.81')).status).toBe(200);
    expect(lines.some((line) => line.includes('"level":"error"'))).toBe(false);
  });
});
