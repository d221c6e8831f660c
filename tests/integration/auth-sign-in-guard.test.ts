import type { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { guardAuthRequest } from '@/lib/auth/sign-in-guard';
import { RATE_LIMITS } from '@/lib/rate-limit';
import { useTestDatabase } from '../helpers/db';
import { buildRequest } from '../helpers/http';

// The rate limiter's store is a table of the real database.
useTestDatabase();

const ACCOUNT_LIMITED = 'Too many failed sign-in attempts for this account. Please try again in 15 minutes.';
const IP_LIMITED = 'Too many failed sign-in attempts from your network. Please try again in 15 minutes.';

/**
 * Stands in for next-auth behind the guard: 'right' signs in, 'boom' fails inside it,
 * any other password is wrong. It records the paths it was handed.
 */
function fakeNextAuth() {
  const seen: string[] = [];
  async function forward(request: NextRequest): Promise<Response> {
    seen.push(request.nextUrl.pathname);
    if (request.method === 'GET') return Response.json({ handedOn: request.nextUrl.pathname });
    const password = new URLSearchParams(await request.text()).get('password');
    if (password === 'right') return Response.json({ url: 'http://localhost:3000/profile' });
    if (password === 'boom') return Response.json({ error: 'internal' }, { status: 500 });
    return Response.json({ url: 'http://localhost:3000/api/auth/error?error=CredentialsSignin' }, { status: 401 });
  }
  return { seen, forward };
}

async function post(action: string[], form: Record<string, string>, forward: ReturnType<typeof fakeNextAuth>) {
  const request = await buildRequest('POST', `/api/auth/${action.join('/')}`, {
    body: new URLSearchParams(form).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': form.ip ?? '203.0.113.50' },
  });
  const response = await guardAuthRequest(request, action, forward.forward);
  return { status: response.status, body: await response.json() };
}

const signIn = (email: string, password: string, nextAuth: ReturnType<typeof fakeNextAuth>, ip?: string) =>
  post(['callback', 'credentials'], { email, password, ...(ip ? { ip } : {}) }, nextAuth);

async function get(path: string, action: string[], nextAuth = fakeNextAuth()) {
  const request = await buildRequest('GET', path);
  return guardAuthRequest(request, action, nextAuth.forward);
}

const limitedBody = (error: string) => ({
  error,
  code: 'rate_limited',
  // Fifteen minutes from the first failure: a slow machine spends some seconds of it on the failures.
  retryAfter: expect.toSatisfy((seconds: number) => seconds > 840 && seconds <= 900),
  url: 'http://localhost:3000/login?error=RateLimited',
});

describe('sign-in guard: the per-account count', () => {
  it('keys the account by its trimmed, lowercased e-mail', async () => {
    const nextAuth = fakeNextAuth();
    for (let i = 1; i < RATE_LIMITS.signInAccount.points; i += 1) {
      expect((await signIn('  Ada@Example.com ', 'wrong', nextAuth)).status).toBe(401);
    }
    const fifth = await signIn('ada@example.com', 'wrong', nextAuth, '198.51.100.60');
    expect(fifth).toEqual({ status: 429, body: limitedBody(ACCOUNT_LIMITED) });
    expect(nextAuth.seen).toHaveLength(RATE_LIMITS.signInAccount.points);
  });

  it('a failure inside next-auth (not a 401) neither counts nor clears the account’s failures', async () => {
    const nextAuth = fakeNextAuth();
    for (let i = 1; i < RATE_LIMITS.signInAccount.points; i += 1) await signIn('ada@example.com', 'wrong', nextAuth);
    expect(await signIn('ada@example.com', 'boom', nextAuth)).toEqual({ status: 500, body: { error: 'internal' } });
    const fifth = await signIn('ada@example.com', 'wrong', nextAuth);
    expect(fifth).toEqual({ status: 429, body: limitedBody(ACCOUNT_LIMITED) });
  });

  it('a form without an e-mail is handed on', async () => {
    const nextAuth = fakeNextAuth();
    expect(await post(['callback', 'credentials'], { password: 'wrong' }, nextAuth)).toEqual({
      status: 401,
      body: { url: 'http://localhost:3000/api/auth/error?error=CredentialsSignin' },
    });
    expect(nextAuth.seen).toEqual(['/api/auth/callback/credentials']);
  });
});

describe('sign-in guard: the per-address count', () => {
  it('once the address has used up its failures, even the right password is not handed on', async () => {
    const nextAuth = fakeNextAuth();
    const { points } = RATE_LIMITS.signInIp;
    for (let i = 1; i < points; i += 1) await signIn(`user${i}@example.com`, 'wrong', nextAuth);
    expect(await signIn('last@example.com', 'wrong', nextAuth)).toEqual({ status: 429, body: limitedBody(IP_LIMITED) });
    expect(await signIn('ada@example.com', 'right', nextAuth)).toEqual({
      status: 429,
      body: limitedBody(IP_LIMITED),
    });
    expect(nextAuth.seen).toHaveLength(points);
    expect((await signIn('ada@example.com', 'right', nextAuth, '198.51.100.61')).status).toBe(200);
  });
});

describe('sign-in guard: other requests', () => {
  it('guards only the credentials callback: other posts are handed on whatever the account’s count', async () => {
    const nextAuth = fakeNextAuth();
    for (let i = 0; i < RATE_LIMITS.signInAccount.points; i += 1) await signIn('ada@example.com', 'wrong', nextAuth);
    expect((await signIn('ada@example.com', 'right', nextAuth)).status).toBe(429);
    expect(await post(['signout'], { email: 'ada@example.com', password: 'right' }, nextAuth)).toEqual({
      status: 200,
      body: { url: 'http://localhost:3000/profile' },
    });
    expect(nextAuth.seen.at(-1)).toBe('/api/auth/signout');
  });

  it('refuses methods other than GET and POST, before next-auth sees them', async () => {
    const nextAuth = fakeNextAuth();
    for (const method of ['PUT', 'DELETE', 'PATCH']) {
      const request = await buildRequest(method, '/api/auth/signout');
      await expect(guardAuthRequest(request, ['signout'], nextAuth.forward)).rejects.toMatchObject({
        name: 'AppError',
        code: 'method_not_allowed',
        message: 'This method is not allowed here.',
      });
    }
    expect(nextAuth.seen).toEqual([]);
  });

  it('hands other GETs to next-auth', async () => {
    const nextAuth = fakeNextAuth();
    const response = await get('/api/auth/session', ['session'], nextAuth);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ handedOn: '/api/auth/session' });
    expect(nextAuth.seen).toEqual(['/api/auth/session']);
  });

  it.each([
    ['?error=OAuthSignin', 'OAuthSignin'],
    [`?error=${'a'.repeat(40)}`, 'a'.repeat(40)],
    [`?error=${'a'.repeat(41)}`, 'Default'],
    ['?error=1OAuthSignin', 'Default'],
    ['?error=OAuthSignin1', 'Default'],
    ['?error=', 'Default'],
    ['', 'Default'],
  ])('sends the error page %j to the sign-in page with the code %j', async (query, code) => {
    const response = await get(`/api/auth/error${query}`, ['error']);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`http://localhost:3000/login?error=${code}`);
  });
});
