import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '@/lib/db/client';
import { redirectLogs } from '@/lib/log';
import { deliverDueEmails } from '@/lib/notifications/deliver';
import { RATE_LIMITS } from '@/lib/rate-limit';
import { mailLink } from '@/lib/users/tokens';
import { UNVERIFIED_MESSAGE, verifyEmail } from '@/lib/users/verification';
import { emailOutbox, notifications, payoutAccounts, users } from '@/models';
import { createEnvolvement, createLocalUser, createUser, type TestUser } from '../factories';
import { accountOf, expireTokens, laterBy, queuedMail, tokenMailed, tokensOf } from '../helpers/account-mail';
import { useTestDatabase } from '../helpers/db';
import { call } from '../helpers/http';
import { useFakeStripe } from '../helpers/payments';
import { useTestSmtp } from '../helpers/smtp';

useTestDatabase();
const stripe = useFakeStripe();
const smtp = useTestSmtp();

const SITE = 'http://envolve.example';
const PASSWORD = 'Tulip-Rocket-Lantern-93';
let restoreLogs: () => void = () => undefined;

beforeEach(() => {
  vi.stubEnv('NEXTAUTH_URL', SITE);
  restoreLogs = redirectLogs({ write: () => undefined });
});
afterEach(() => {
  restoreLogs();
  vi.useRealTimers();
});

const UNAUTHORIZED = { error: 'You must be signed in to do this.', code: 'unauthorized' };
const UNVERIFIED = { status: 403, body: { error: UNVERIFIED_MESSAGE, code: 'forbidden' } };
const ALREADY = { status: 400, body: { error: 'Your e-mail address is already confirmed.', code: 'bad_request' } };

let accounts = 0;
/**
 * An account whose address nobody has confirmed yet (made before sign-ups waited for their
 * link, or by an identity provider that did not check it), mailed a link to confirm it.
 */
async function createUnconfirmed(email: string, name = 'Ada Lovelace'): Promise<TestUser> {
  accounts += 1;
  const user = await createLocalUser(
    { name, handle: `member_${accounts}`, email, password: PASSWORD },
    { confirmed: false },
  );
  await mailLink(db(), { userId: user.id, purpose: 'email_verify', email }, (token) => ({
    kind: 'verify_email',
    payload: { name, url: `${SITE}/verify-email?token=${token}` },
  }));
  return user;
}

const resend = (as: TestUser | null, headers?: Record<string, string>) =>
  call('POST', '/api/account/verification', { as, headers });

async function answer(promise: ReturnType<typeof resend>) {
  const { status, body } = await promise;
  return { status, body };
}

describe('the link that confirms an address', () => {
  it('confirms the address it was sent to, once; following it again still says so', async () => {
    const ada = await createUnconfirmed('ada@example.com');
    expect(await accountOf(ada.id)).toMatchObject({ verified: false });
    const token = await tokenMailed('verify_email', 'ada@example.com');

    expect(await verifyEmail(token)).toEqual({ status: 'confirmed', email: 'ada@example.com', returnPath: null });
    expect(await accountOf(ada.id)).toMatchObject({ verified: true });
    expect(await tokensOf(ada.id, 'email_verify')).toMatchObject([{ used: true }]);
    // A mail scanner may have opened it first: the owner's own visit says it is confirmed.
    expect(await verifyEmail(token)).toEqual({ status: 'confirmed', email: 'ada@example.com', returnPath: null });
  });

  it('calls a token never issued invalid, and confirms nothing', async () => {
    const ada = await createUnconfirmed('ada@example.com');
    const real = await tokenMailed('verify_email', 'ada@example.com');
    const forged = `${real.slice(0, -1)}${real.endsWith('A') ? 'B' : 'A'}`;
    expect(await verifyEmail(forged)).toEqual({ status: 'invalid' });
    expect(await verifyEmail('x'.repeat(43))).toEqual({ status: 'invalid' });
    expect(await accountOf(ada.id)).toMatchObject({ verified: false });
  });

  it('says an expired link has expired, and confirms nothing', async () => {
    const ada = await createUnconfirmed('ada@example.com');
    const token = await tokenMailed('verify_email', 'ada@example.com');
    await expireTokens(ada.id);
    expect(await verifyEmail(token)).toEqual({ status: 'expired' });
    expect(await accountOf(ada.id)).toMatchObject({ verified: false });
  });

  it('ends with a newer link: the older one has expired, the newer one confirms', async () => {
    const ada = await createUnconfirmed('ada@example.com');
    const older = await tokenMailed('verify_email', 'ada@example.com');
    expect((await resend(ada)).status).toBe(202);
    const newer = await tokenMailed('verify_email', 'ada@example.com');
    expect(newer).not.toBe(older);
    expect(await verifyEmail(older)).toEqual({ status: 'expired' });
    expect(await accountOf(ada.id)).toMatchObject({ verified: false });
    expect(await verifyEmail(newer)).toEqual({ status: 'confirmed', email: 'ada@example.com', returnPath: null });
  });

  it('confirms nothing once the account has moved to another address', async () => {
    const ada = await createUnconfirmed('ada@example.com');
    const token = await tokenMailed('verify_email', 'ada@example.com');
    await db().update(users).set({ email: 'ada@elsewhere.example' }).where(eq(users.id, ada.id));
    expect(await verifyEmail(token)).toEqual({ status: 'expired' });
    expect(await accountOf(ada.id)).toMatchObject({ email: 'ada@elsewhere.example', verified: false });
  });

  it('confirms only its own account: another person’s link leaves this one as it was', async () => {
    const ada = await createUnconfirmed('ada@example.com');
    const bob = await createUnconfirmed('bob@example.com', 'Bob');
    expect(await verifyEmail(await tokenMailed('verify_email', 'bob@example.com'))).toEqual({
      status: 'confirmed',
      email: 'bob@example.com',
      returnPath: null,
    });
    expect(await accountOf(bob.id)).toMatchObject({ verified: true });
    expect(await accountOf(ada.id)).toMatchObject({ verified: false });
  });
});

describe('POST /api/account/verification: sending the link again', () => {
  it('answers 202 with the address, and mails a new link there', async () => {
    const ada = await createUnconfirmed('ada@example.com');
    expect(await answer(resend(ada))).toEqual({ status: 202, body: { email: 'ada@example.com' } });
    const token = await tokenMailed('verify_email', 'ada@example.com');
    expect((await queuedMail()).filter((m) => m.kind === 'verify_email')).toEqual([
      expect.objectContaining({ to: 'ada@example.com', userId: ada.id }),
      {
        to: 'ada@example.com',
        kind: 'verify_email',
        userId: ada.id,
        payload: { name: 'Ada Lovelace', url: `${SITE}/verify-email?token=${token}` },
      },
    ]);
  });

  it('answers 401 signed out, and 403 from another site, sending nothing', async () => {
    const ada = await createUnconfirmed('ada@example.com');
    expect(await answer(resend(null))).toEqual({ status: 401, body: UNAUTHORIZED });
    expect(await answer(resend(ada, { origin: 'https://elsewhere.example' }))).toEqual({
      status: 403,
      body: { error: 'This request must come from the Envolve site itself.', code: 'forbidden' },
    });
    expect(await tokensOf(ada.id)).toHaveLength(1);
  });

  it('answers 400 for an address already confirmed, and for an account with no address', async () => {
    const confirmed = await createUser();
    expect(await answer(resend(confirmed))).toEqual(ALREADY);
    const ada = await createUnconfirmed('ada@example.com');
    await verifyEmail(await tokenMailed('verify_email', 'ada@example.com'));
    expect(await answer(resend(ada))).toEqual(ALREADY);
    const noAddress = await createUser({ id: 'oidc|noaddress', email: null as never, emailVerifiedAt: null });
    expect(await answer(resend(noAddress))).toEqual({
      status: 400,
      body: { error: 'This account has no e-mail address to confirm.', code: 'bad_request' },
    });
    expect((await queuedMail()).filter((m) => m.kind === 'verify_email')).toHaveLength(1);
  });

  it('mails only the signed-in account, and leaves another account’s link working', async () => {
    const ada = await createUnconfirmed('ada@example.com');
    const bob = await createUnconfirmed('bob@example.com', 'Bob');
    const adaLink = await tokenMailed('verify_email', 'ada@example.com');
    expect(await answer(resend(bob))).toEqual({ status: 202, body: { email: 'bob@example.com' } });
    expect((await queuedMail()).filter((m) => m.to === 'ada@example.com')).toHaveLength(1);
    expect(await verifyEmail(adaLink)).toEqual({ status: 'confirmed', email: 'ada@example.com', returnPath: null });
    expect(await accountOf(ada.id)).toMatchObject({ verified: true });
  });

  it(`sends ${RATE_LIMITS.verificationResend.points} an hour per account, then says how long to wait`, async () => {
    const ada = await createUnconfirmed('ada@example.com');
    const bob = await createUnconfirmed('bob@example.com', 'Bob');
    for (let i = 0; i < RATE_LIMITS.verificationResend.points; i += 1) expect((await resend(ada)).status).toBe(202);
    const past = await resend(ada);
    expect({ status: past.status, body: past.body }).toEqual({
      status: 429,
      body: { error: RATE_LIMITS.verificationResend.message.replace('{wait}', '60 minutes'), code: 'rate_limited' },
    });
    expect(Number(past.response.headers.get('retry-after'))).toBeGreaterThan(3500);
    // The sign-up's own link does not count; nothing more went past the limit.
    expect((await queuedMail()).filter((m) => m.to === 'ada@example.com')).toHaveLength(
      1 + RATE_LIMITS.verificationResend.points,
    );
    // Counted per account.
    expect((await resend(bob)).status).toBe(202);
    laterBy(RATE_LIMITS.verificationResend.duration);
    expect((await resend(ada)).status).toBe(202);
  });
});

describe('a link asked for at a checkout', () => {
  const resendTo = (as: TestUser, json: unknown) => call('POST', '/api/account/verification', { as, json });

  it('leads back to the checkout it was asked from', async () => {
    const ada = await createUnconfirmed('ada@example.com');
    const checkout = '/payment/0b0e6c1e-4a57-4c43-9d7c-2f4a1c9a0001';
    expect(await answer(resendTo(ada, { returnPath: checkout }))).toEqual({
      status: 202,
      body: { email: 'ada@example.com' },
    });
    const token = await tokenMailed('verify_email', 'ada@example.com');
    expect(await verifyEmail(token)).toEqual({ status: 'confirmed', email: 'ada@example.com', returnPath: checkout });
    // Followed again, it still leads there.
    expect(await verifyEmail(token)).toEqual({ status: 'confirmed', email: 'ada@example.com', returnPath: checkout });
  });

  it('keeps no address of another site, nor one that is not a path', async () => {
    const ada = await createUnconfirmed('ada@example.com');
    // Three: as many as an hour's resends.
    for (const returnPath of ['https://elsewhere.example/x', '//elsewhere.example', 'javascript:alert(1)']) {
      expect((await resendTo(ada, { returnPath })).status).toBe(202);
      const token = await tokenMailed('verify_email', 'ada@example.com');
      expect(await verifyEmail(token)).toMatchObject({ status: 'confirmed', returnPath: null });
      await db().update(users).set({ emailVerifiedAt: null }).where(eq(users.id, ada.id));
    }
  });

  it('refuses a return path over 2,048 characters, or not a string, sending nothing', async () => {
    const ada = await createUnconfirmed('ada@example.com');
    const before = (await queuedMail()).length;
    const long = await resendTo(ada, { returnPath: `/${'a'.repeat(2048)}` });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ error: expect.any(String) });
    expect((await resendTo(ada, { returnPath: 42 })).status).toBe(400);
    expect((await resendTo(ada, { returnPath: `/${'a'.repeat(2047)}` })).status).toBe(202);
    expect((await queuedMail()).length).toBe(before + 1);
  });
});

describe('what waits for a confirmed address', () => {
  const checkout = (as: TestUser, envolvementId: string) =>
    call('POST', '/api/payment/create-payment-intent', { as, json: { submissionId: envolvementId } });
  const onboarding = (as: TestUser) => call('POST', '/api/payouts/onboarding', { as });
  const intentsOf = (buyer: TestUser) =>
    stripe().requests.filter(
      (r) => r.method === 'POST' && r.path === '/v1/payment_intents' && r.body['metadata[userId]'] === buyer.id,
    );
  const accountCreates = () => stripe().requests.filter((r) => r.method === 'POST' && r.path === '/v1/accounts');

  it('paying: 403 until the buyer confirms, with nothing asked of Stripe; then the checkout opens', async () => {
    const creator = await createUser();
    const row = await createEnvolvement(creator.id, { priceCents: 1999 });
    const buyer = await createUnconfirmed('buyer@example.com', 'Buyer');
    expect(await answer(checkout(buyer, row.id))).toEqual(UNVERIFIED);
    expect(intentsOf(buyer)).toEqual([]);

    await verifyEmail(await tokenMailed('verify_email', 'buyer@example.com'));
    // The same session: what it may do is read from the account at each request.
    const opened = await checkout(buyer, row.id);
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ paymentIntentId: expect.stringMatching(/^pi_/) });
    expect(intentsOf(buyer)).toHaveLength(1);
  });

  it('paying: a confirmed buyer is not asked', async () => {
    const creator = await createUser();
    const row = await createEnvolvement(creator.id, { priceCents: 1999 });
    const buyer = await createUser();
    expect((await checkout(buyer, row.id)).status).toBe(200);
  });

  it('joining a free envolvement does not wait', async () => {
    const creator = await createUser();
    const row = await createEnvolvement(creator.id);
    const fan = await createUnconfirmed('fan@example.com', 'Fan');
    expect(
      await answer(call('POST', '/api/payment/grant-access', { as: fan, json: { submissionId: row.id } })),
    ).toEqual({ status: 200, body: { success: true, welcome: expect.objectContaining({ envolvementId: row.id }) } });
  });

  it('selling: payouts onboarding is 403 until the creator confirms, and makes no Stripe account', async () => {
    const creator = await createUnconfirmed('creator@example.com', 'Creator');
    expect(await answer(onboarding(creator))).toEqual(UNVERIFIED);
    expect(accountCreates()).toEqual([]);
    expect(await db().select().from(payoutAccounts).where(eq(payoutAccounts.userId, creator.id))).toEqual([]);

    await verifyEmail(await tokenMailed('verify_email', 'creator@example.com'));
    const res = await onboarding(creator);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ url: expect.stringContaining('/connect/onboarding/') });
    expect(accountCreates()).toHaveLength(1);
  });

  it('selling: a confirmed creator is not asked', async () => {
    const res = await onboarding(await createUser());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ url: expect.any(String) });
  });

  it('notification e-mails: skipped for a recipient who has not confirmed, sent once they have', async () => {
    const creator = await createUnconfirmed('creator@example.com', 'Creator');
    const row = await createEnvolvement(creator.id);
    const join = async () => {
      const fan = await createUser();
      expect(
        (await call('POST', '/api/payment/grant-access', { as: fan, json: { submissionId: row.id } })).status,
      ).toBe(200);
    };
    await join();
    expect(await deliverDueEmails()).toEqual({ sent: 0, skipped: 1, retried: 0, failed: 0 });
    expect(smtp.received).toEqual([]);
    // The notification itself is still shown on the site.
    expect(await db().select({ kind: notifications.kind }).from(notifications)).toEqual([{ kind: 'member_joined' }]);
    expect(await db().select({ status: emailOutbox.status }).from(emailOutbox)).toEqual([{ status: 'skipped' }]);

    await verifyEmail(await tokenMailed('verify_email', 'creator@example.com'));
    await join();
    expect(await deliverDueEmails()).toEqual({ sent: 1, skipped: 0, retried: 0, failed: 0 });
    expect(smtp.received.map((mail) => mail.envelope.to)).toEqual([['creator@example.com']]);
  });
});
