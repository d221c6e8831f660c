import type { NextRequest } from 'next/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getAuthOptions } from '@/lib/auth/options';
import { guardAuthRequest } from '@/lib/auth/sign-in-guard';
import { db } from '@/lib/db/client';
import { RATE_LIMITS } from '@/lib/rate-limit';
import { newsletterSubscribers, signUps } from '@/models';
import { type TestUser, createLocalUser, createUser } from '../factories';
import { useTestDatabase } from '../helpers/db';
import { buildRequest, call } from '../helpers/http';

useTestDatabase();

afterEach(() => {
  vi.useRealTimers();
});

const from = (ip: string) => ({ 'x-forwarded-for': ip });
/** Asks for the newsletter as a client at `ip`, as seen by the nearest proxy. */
const askForNewsletter = (email: string, ip: string) =>
  call('POST', '/api/newsletter', { json: { email }, headers: from(ip) });

/** Moves the clock past `seconds` (only Date: the stores compare with Date.now()). */
function laterBy(seconds: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + seconds * 1000 + 1000);
}

function expectLimited(res: { status: number; body: any; response: Response }, message: RegExp) {
  expect(res.status).toBe(429);
  expect(res.body.error).toMatch(message);
  expect(res.body.code).toBe('rate_limited');
  const retryAfter = Number(res.response.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  return retryAfter;
}

describe('per-IP limits on the public forms', () => {
  it('newsletter: the eleventh request from one address waits an hour; other addresses do not; then it resets', async () => {
    const { points, duration } = RATE_LIMITS.newsletterIp;
    for (let i = 0; i < points; i += 1) {
      expect((await askForNewsletter(`fan${i}@example.com`, '203.0.113.7')).status).toBe(202);
    }
    const limited = await askForNewsletter('late@example.com', '203.0.113.7');
    const wait = expectLimited(limited, /^Too many sign-ups\. Please try again in (60|59) minutes\.$/);
    expect(wait).toBeLessThanOrEqual(duration);
    expect(await db().select().from(newsletterSubscribers)).toHaveLength(points);
    expect((await askForNewsletter('other@example.com', '198.51.100.2')).status).toBe(202);
    laterBy(duration);
    expect((await askForNewsletter('late@example.com', '203.0.113.7')).status).toBe(202);
  });

  it('counts the address the nearest proxy saw, not what the client wrote before it', async () => {
    for (let i = 0; i < RATE_LIMITS.newsletterIp.points; i += 1) {
      await askForNewsletter(`fan${i}@example.com`, `10.0.0.${i}, 203.0.113.7`);
    }
    const res = await askForNewsletter('spoof@example.com', '1.2.3.4, 203.0.113.7');
    expect(res.status).toBe(429);
  });

  it('ambassador applications: five an hour per address, then a reset', async () => {
    const application = (i: number) => ({
      name: 'Jordan Lee',
      email: `jordan${i}@example.com`,
      handle: '@jordanplays',
      platform: 'Twitch',
      contentTypes: ['Gaming'],
      platformLink: 'https://twitch.tv/jordanplays',
    });
    const apply = (i: number) =>
      call('POST', '/api/ambassador', { json: application(i), headers: from('203.0.113.9') });
    for (let i = 0; i < RATE_LIMITS.ambassadorIp.points; i += 1) expect((await apply(i)).status).toBe(201);
    expectLimited(await apply(9), /^Too many applications\./);
    laterBy(RATE_LIMITS.ambassadorIp.duration);
    expect((await apply(9)).status).toBe(201);
  });

  it('sign-up: ten an hour per address, taken e-mails included, and the form gets the wait', async () => {
    const body = (i: number) => ({
      name: 'Ada',
      handle: `ada_${i}`,
      email: `ada${i}@example.com`,
      password: 'violet-harbor-lantern-93',
    });
    const register = (json: unknown) => call('POST', '/api/auth/register', { json, headers: from('203.0.113.10') });
    for (let i = 0; i < RATE_LIMITS.signUpIp.points - 1; i += 1) expect((await register(body(i))).status).toBe(202);
    // An address that has an account is answered alike, and counts alike.
    expect((await register({ ...body(0), handle: 'ada_again' })).status).toBe(202);
    expectLimited(await register(body(99)), /^Too many sign-ups from your network\./);
    expect(await db().select({ id: signUps.id }).from(signUps)).toHaveLength(RATE_LIMITS.signUpIp.points);
    laterBy(RATE_LIMITS.signUpIp.duration);
    expect((await register(body(99))).status).toBe(202);
  });
});

describe('per-user limits', () => {
  /**
   * A user's write of an unknown envolvement (a 404) is counted before the body is read: past
   * `limit.points` it is refused with `message`; another user is not; the window then resets.
   */
  async function expectPerUserLimit(path: string, limit: { points: number; duration: number }, message: RegExp) {
    const [user, other] = [await createUser(), await createUser()];
    const ask = (as: TestUser) => call('POST', path, { as, json: { submissionId: 'no-such-id' } });
    for (let i = 0; i < limit.points; i += 1) expect((await ask(user)).status).toBe(404);
    expectLimited(await ask(user), message);
    expect((await ask(other)).status).toBe(404);
    laterBy(limit.duration);
    expect((await ask(user)).status).toBe(404);
  }

  it('payment intents: twenty per ten minutes per user, counted before the body is read', async () => {
    await expectPerUserLimit(
      '/api/payment/create-payment-intent',
      RATE_LIMITS.paymentIntent,
      /^Too many payment attempts\./,
    );
  });

  it('joins and payment confirmations: thirty per ten minutes per user, counted before the body is read', async () => {
    await expectPerUserLimit(
      '/api/payment/grant-access',
      RATE_LIMITS.grantAccess,
      /^Too many join attempts\. Please try again in (10|9) minutes\.$/,
    );
  });

  it('user search: sixty a minute per user, or per address for visitors, on both forms of the endpoint', async () => {
    const searcher = await createUser();
    for (let i = 0; i < RATE_LIMITS.userSearch.points / 2; i += 1) {
      expect((await call('GET', '/api/auth0_user_search?username=may', { as: searcher })).status).toBe(200);
      expect((await call('GET', '/api/auth0_user_search/may', { as: searcher })).status).toBe(200);
    }
    expectLimited(
      await call('GET', '/api/auth0_user_search?username=may', { as: searcher }),
      // The minute started with the first search: a slow machine has used a few seconds of it.
      /^Too many searches\. Please wait (1 minute|[1-5]\d seconds) and try again\.$/,
    );
    // A visitor on another address is counted apart.
    expect((await call('GET', '/api/auth0_user_search?username=may', { headers: from('203.0.113.11') })).status).toBe(
      200,
    );
    laterBy(RATE_LIMITS.userSearch.duration);
    expect((await call('GET', '/api/auth0_user_search?username=may', { as: searcher })).status).toBe(200);
  });
});

describe('sign-in attempts', () => {
  // next-auth's handler reads the request scope of a running server; here the guard hands
  // the request to the app's own credentials check and answers as next-auth does.
  const authorize = (getAuthOptions().providers[0] as any).options.authorize as (
    c: Record<string, string>,
    request: { headers: Record<string, string> },
  ) => Promise<unknown>;
  async function nextAuth(request: NextRequest): Promise<Response> {
    const form = new URLSearchParams(await request.text());
    const user = await authorize(
      { email: form.get('email') ?? '', password: form.get('password') ?? '' },
      { headers: Object.fromEntries(request.headers) },
    );
    return user
      ? Response.json({ url: 'http://localhost:3000/profile' })
      : Response.json({ url: 'http://localhost:3000/api/auth/error?error=CredentialsSignin' }, { status: 401 });
  }

  async function signIn(email: string, password: string, ip = '203.0.113.20') {
    const request = await buildRequest('POST', '/api/auth/callback/credentials', {
      body: new URLSearchParams({ email, password, csrfToken: 'x', json: 'true' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...from(ip) },
    });
    const response = await guardAuthRequest(request, ['callback', 'credentials'], nextAuth);
    return { status: response.status, body: await response.json(), response };
  }

  const password = 'violet-harbor-lantern-93';

  it('after five failures in fifteen minutes the account waits, even with the right password, and says how long', async () => {
    await createLocalUser({ name: 'Ada', handle: 'ada_lovelace', email: 'ada@example.com', password });
    for (let i = 1; i < RATE_LIMITS.signInAccount.points; i += 1)
      expect((await signIn('ada@example.com', `wrong-${i}`)).status).toBe(401);
    const fifth = await signIn('ADA@example.com', 'wrong-5', '198.51.100.30');
    expect(fifth.status).toBe(429);
    expect(fifth.body.error).toBe('Too many failed sign-in attempts for this account. Please try again in 15 minutes.');
    // Fifteen minutes from the first failure, less what the checks since took.
    expect(Number(fifth.response.headers.get('retry-after'))).toBeGreaterThan(840);
    expect(Number(fifth.response.headers.get('retry-after'))).toBeLessThanOrEqual(900);
    expect(fifth.body.url).toBe('http://localhost:3000/login?error=RateLimited');
    const right = await signIn('ada@example.com', password, '198.51.100.31');
    expect(right.status).toBe(429);
    laterBy(RATE_LIMITS.signInAccount.duration);
    expect((await signIn('ada@example.com', password)).status).toBe(200);
  });

  it('a successful sign-in clears the account’s failures', async () => {
    await createLocalUser({ name: 'Ada', handle: 'ada_lovelace', email: 'ada@example.com', password });
    for (let i = 0; i < 4; i += 1) await signIn('ada@example.com', 'wrong');
    expect((await signIn('ada@example.com', password)).status).toBe(200);
    for (let i = 0; i < 4; i += 1) expect((await signIn('ada@example.com', 'wrong')).status).toBe(401);
  });

  it('one address guessing across many accounts is stopped after thirty failures', async () => {
    for (let i = 1; i < RATE_LIMITS.signInIp.points; i += 1)
      expect((await signIn(`user${i}@example.com`, 'guess', '203.0.113.40')).status).toBe(401);
    const last = await signIn('user-last@example.com', 'guess', '203.0.113.40');
    expect(last.status).toBe(429);
    expect(last.body.error).toMatch(/^Too many failed sign-in attempts from your network\./);
    expect((await signIn('someone@example.com', 'guess', '203.0.113.41')).status).toBe(401);
  });
});
