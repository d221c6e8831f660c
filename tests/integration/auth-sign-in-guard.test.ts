import type { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { guardAuthRequest } from '@/lib/auth/sign-in-guard';
import { useTestDatabase } from '../helpers/db';
import { buildRequest } from '../helpers/http';

// The rate limiter's store is a table of the real database.
useTestDatabase();

/** Stands in for next-auth behind the guard, recording what it was handed. */
function fakeNextAuth() {
  const seen: Array<{ path: string; type: string | null; body: string }> = [];
  async function forward(request: NextRequest): Promise<Response> {
    const body = request.method === 'POST' ? await request.text() : '';
    seen.push({ path: request.nextUrl.pathname, type: request.headers.get('content-type'), body });
    return Response.json({ handedOn: request.nextUrl.pathname });
  }
  return { seen, forward };
}

async function post(action: string[], body: string, forward: ReturnType<typeof fakeNextAuth>, type = FORM) {
  const request = await buildRequest('POST', `/api/auth/${action.join('/')}`, {
    body,
    headers: { 'content-type': type, 'x-forwarded-for': '203.0.113.50' },
  });
  return guardAuthRequest(request, action, forward.forward);
}

async function get(path: string, action: string[], nextAuth = fakeNextAuth()) {
  const request = await buildRequest('GET', path);
  return guardAuthRequest(request, action, nextAuth.forward);
}

const FORM = 'application/x-www-form-urlencoded';

// What next-auth reads of the body is what the guard read: the real handler's behaviour
// under raw bodies is in auth-sign-in-raw.test.ts.
describe('sign-in guard: the form next-auth is handed', () => {
  it('hands every post on as the form it checked, in the one encoding', async () => {
    const nextAuth = fakeNextAuth();
    const response = await post(
      ['signout'],
      'csrfToken=abc&callbackUrl=%2Fexplore&json=true',
      nextAuth,
      `${FORM};charset=UTF-8`,
    );
    expect(response.status).toBe(200);
    expect(nextAuth.seen).toEqual([
      { path: '/api/auth/signout', type: FORM, body: 'csrfToken=abc&callbackUrl=%2Fexplore&json=true' },
    ]);
  });

  it('refuses repeated fields and other form types on every post, before next-auth sees them', async () => {
    const nextAuth = fakeNextAuth();
    await expect(post(['signout'], 'csrfToken=a&csrfToken=b', nextAuth)).rejects.toMatchObject({
      code: 'bad_request',
      message: 'Send each field of the form once.',
    });
    await expect(post(['signin', 'oidc'], 'csrfToken=a', nextAuth, `${FORM}; json`)).rejects.toMatchObject({
      code: 'bad_request',
      message: 'Send the form as application/x-www-form-urlencoded, with no other parameters.',
    });
    expect(nextAuth.seen).toEqual([]);
  });
});

describe('sign-in guard: other requests', () => {
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
    expect(nextAuth.seen).toEqual([{ path: '/api/auth/session', type: null, body: '' }]);
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
