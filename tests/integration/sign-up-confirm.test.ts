import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { RATE_LIMITS } from '@/lib/rate-limit';
import { lookUpAddresses } from '@/lib/users/address-lookups';
import { verifyLocalCredentials } from '@/lib/users/service';
import { peekSignUp } from '@/lib/users/sign-up';
import { confirmSignUp } from '@/lib/users/sign-up-confirm';
import { issueToken } from '@/lib/users/tokens';
import { signUps, users } from '@/models';
import { createLocalUser, createUser } from '../factories';
import { accountOf, laterBy, onlyMail, queuedMail, tokenMailed, tokensOf } from '../helpers/account-mail';
import { useTestDatabase } from '../helpers/db';
import { postsFromClients, useSiteUrl } from '../helpers/http';

// What becomes of a sign-up: the mail job looks its address up, and either mails a link to
// confirm it or tells the owner of the account that holds it. Following the link, with the
// proof the sign-up left in its browser or the password chosen, makes the account.

useTestDatabase();

const SITE = 'http://envolve.example';
const PASSWORD = 'Tulip-Rocket-Lantern-93';
const OTHER_PASSWORD = 'Harbor-Violet-Compass-58';

useSiteUrl(SITE);

const post = postsFromClients('198.51.100');

type SignUp = { email: string; name?: string; handle: string; password?: string; returnPath?: string };

/** Signs up through the API; gives the proof its answer left in the browser. */
async function signUp(form: SignUp): Promise<string> {
  const sent = await post('/api/auth/register', { name: 'Ada Lovelace', password: PASSWORD, ...form });
  expect(sent.status).toBe(202);
  return /=([A-Za-z0-9_-]{43});/.exec(sent.response.headers.get('set-cookie') ?? '')![1]!;
}

/** The account of an address, as sign-in and profiles see it. */
async function accountByEmail(email: string) {
  const [row] = await db()
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email));
  return row ? { id: row.id, ...(await accountOf(row.id)) } : null;
}

const statusOf = async (email: string) =>
  (await db().select({ status: signUps.status }).from(signUps).where(eq(signUps.email, email))).map((r) => r.status);

describe('a sign-up for a new address', () => {
  it('is mailed a link; following it in the same browser makes the confirmed account, once', async () => {
    const proof = await signUp({ email: 'ada@example.com', handle: 'Ada_L', returnPath: '/explore?q=jazz' });
    const token = await tokenMailed('sign_up_confirm', 'ada@example.com');
    expect(await onlyMail('sign_up_confirm', 'ada@example.com')).toEqual({
      to: 'ada@example.com',
      kind: 'sign_up_confirm',
      userId: null,
      payload: { name: 'Ada Lovelace', url: `${SITE}/sign-up/confirm?token=${token}` },
    });
    // Until then there is no account: nothing to sign in to, no handle taken.
    expect(await accountByEmail('ada@example.com')).toBeNull();
    expect(await verifyLocalCredentials('ada@example.com', PASSWORD)).toBeNull();
    expect(await peekSignUp(token, proof)).toEqual({
      status: 'pending',
      email: 'ada@example.com',
      returnPath: '/explore?q=jazz',
      proven: true,
    });
    expect(await peekSignUp(token, null)).toMatchObject({ status: 'pending', proven: false });

    const made = await confirmSignUp({ token, proof });
    expect(made).toEqual({
      id: expect.stringMatching(/^local\|[0-9a-f-]{36}$/),
      name: 'Ada Lovelace',
      nickname: 'Ada_L',
      picture: null,
      bannerUrl: null,
      email: 'ada@example.com',
    });
    expect(await accountOf(made!.id)).toEqual({
      email: 'ada@example.com',
      verified: true,
      sessionVersion: 0,
      name: 'Ada Lovelace',
      nickname: 'Ada_L',
      handleChosen: true,
      picture: null,
    });
    expect(await verifyLocalCredentials('ADA@example.com', PASSWORD)).toMatchObject({ id: made!.id });
    // The sign-up keeps no password; its link has done its work.
    const [row] = await db().select().from(signUps);
    expect(row).toMatchObject({ status: 'confirmed', passwordHash: null });
    expect(await confirmSignUp({ token, proof })).toBeNull();
    expect(await peekSignUp(token, proof)).toEqual({ status: 'confirmed', email: 'ada@example.com' });
  });

  it('takes the password chosen instead, in another browser, and closes after five wrong ones', async () => {
    await signUp({ email: 'bea@example.com', handle: 'bea' });
    const token = await tokenMailed('sign_up_confirm', 'bea@example.com');
    // A forwarded link, a mail scanner: no proof, nothing made.
    expect(await confirmSignUp({ token, proof: null })).toBeNull();
    expect(await confirmSignUp({ token, proof: 'x'.repeat(43) })).toBeNull();
    expect(await confirmSignUp({ token, proof: null, password: OTHER_PASSWORD })).toBeNull();
    expect(await accountByEmail('bea@example.com')).toBeNull();
    expect(await confirmSignUp({ token, proof: null, password: PASSWORD })).toMatchObject({ nickname: 'bea' });

    await signUp({ email: 'cal@example.com', handle: 'cal' });
    const other = await tokenMailed('sign_up_confirm', 'cal@example.com');
    for (let i = 0; i < 5; i += 1)
      expect(await confirmSignUp({ token: other, proof: null, password: 'wrong' })).toBeNull();
    expect(await confirmSignUp({ token: other, proof: null, password: PASSWORD })).toBeNull();
    expect(await peekSignUp(other, null)).toEqual({ status: 'expired' });
    expect(await accountByEmail('cal@example.com')).toBeNull();
  });

  it('reserves no handle: a handle taken by the time the link is followed is replaced, and the owner told', async () => {
    const proof = await signUp({ email: 'dee@example.com', handle: 'night_owl' });
    const second = await signUp({ email: 'eve@example.com', handle: 'Night_Owl' });
    const first = await tokenMailed('sign_up_confirm', 'dee@example.com');
    const then = await tokenMailed('sign_up_confirm', 'eve@example.com');
    expect(await confirmSignUp({ token: then, proof: second })).toMatchObject({ nickname: 'Night_Owl' });
    const dee = await confirmSignUp({ token: first, proof });
    expect(dee!.nickname).toMatch(/^night_owl_\d{4}$/);
    // Not the one asked for: the account page and the app's notice say so, until kept or changed.
    expect(await accountOf(dee!.id)).toMatchObject({ handleChosen: false, verified: true });
  });

  it('closes the other sign-ups of the address once one is confirmed', async () => {
    const mine = await signUp({ email: 'fay@example.com', handle: 'fay' });
    await signUp({ email: 'fay@example.com', handle: 'not_fay', password: OTHER_PASSWORD });
    const links = (await queuedMail()).map((mail) => new URL(mail.payload!.url!).searchParams.get('token')!);
    expect(links).toHaveLength(2);
    expect(await confirmSignUp({ token: links[0]!, proof: mine })).toMatchObject({ nickname: 'fay' });
    expect(await statusOf('fay@example.com')).toEqual(['confirmed', 'closed']);
    expect(await confirmSignUp({ token: links[1]!, proof: null, password: OTHER_PASSWORD })).toBeNull();
    expect(await verifyLocalCredentials('fay@example.com', PASSWORD)).not.toBeNull();
  });

  it('does not work once expired', async () => {
    const proof = await signUp({ email: 'gil@example.com', handle: 'gil' });
    const token = await tokenMailed('sign_up_confirm', 'gil@example.com');
    await db()
      .update(signUps)
      .set({ expiresAt: sql`now() - interval '1 second'` });
    expect(await peekSignUp(token, proof)).toEqual({ status: 'expired' });
    expect(await confirmSignUp({ token, proof })).toBeNull();
    expect(await peekSignUp('z'.repeat(43), proof)).toEqual({ status: 'invalid' });
  });
});

describe('a sign-up for an address that has an account', () => {
  it('tells a confirmed owner someone tried, sends no link, and keeps nothing of the form', async () => {
    const carol = await createLocalUser({
      name: 'Carol Owner',
      handle: 'carol',
      email: 'carol@example.com',
      password: PASSWORD,
    });
    await signUp({ email: 'Carol@Example.com', name: 'Someone Else', handle: 'not_carol', password: OTHER_PASSWORD });
    expect(await queuedMail()).toEqual([
      {
        to: 'carol@example.com',
        kind: 'sign_up_attempt',
        userId: carol.id,
        payload: { name: 'Carol Owner', signInUrl: `${SITE}/login`, resetUrl: `${SITE}/forgot-password` },
      },
    ]);
    expect(await db().select({ status: signUps.status, hash: signUps.passwordHash }).from(signUps)).toEqual([
      { status: 'closed', hash: null },
    ]);
    expect(await accountOf(carol.id)).toMatchObject({ name: 'Carol Owner', nickname: 'carol' });
    expect(await verifyLocalCredentials('carol@example.com', PASSWORD)).toMatchObject({ id: carol.id });
  });

  it('gives an account nobody confirmed to whoever proves the address, ending what its holder had', async () => {
    const erin = await createLocalUser(
      { name: 'Mallory', handle: 'mallory_erin', email: 'erin@example.com', password: OTHER_PASSWORD },
      { confirmed: false },
    );
    const staleLink = await issueToken(erin.id, 'email_change', 'mallory@example.com');
    const proof = await signUp({ email: 'erin@example.com', name: 'Erin', handle: 'erin' });
    // Only the link that confirms it: nothing else goes to an address nobody confirmed.
    expect((await queuedMail()).map(({ to, kind, userId }) => ({ to, kind, userId }))).toEqual([
      { to: 'erin@example.com', kind: 'sign_up_confirm', userId: erin.id },
    ]);
    const token = await tokenMailed('sign_up_confirm', 'erin@example.com');
    expect(await confirmSignUp({ token, proof })).toMatchObject({ id: erin.id, name: 'Erin', nickname: 'erin' });
    expect(await accountOf(erin.id)).toMatchObject({ verified: true, sessionVersion: 1, handleChosen: true });
    expect(await verifyLocalCredentials('erin@example.com', PASSWORD)).toMatchObject({ id: erin.id });
    expect(await verifyLocalCredentials('erin@example.com', OTHER_PASSWORD)).toBeNull();
    expect(await tokensOf(erin.id)).toEqual([expect.objectContaining({ used: true })]);
    expect(staleLink).toBeTruthy();
  });

  it('treats an account of the identity provider with an unchecked address the same', async () => {
    await createUser({ id: 'oidc|dana', email: 'dana@example.com', name: 'Dana', emailVerifiedAt: null });
    await signUp({ email: 'dana@example.com', handle: 'dana_l' });
    expect((await queuedMail()).map(({ kind, userId }) => ({ kind, userId }))).toEqual([
      { kind: 'sign_up_confirm', userId: 'oidc|dana' },
    ]);
  });
});

describe('e-mails to one address', () => {
  it(`are at most ${RATE_LIMITS.addressMail.points} an hour, whatever asks, answered the same past that`, async () => {
    await createUser({ email: 'hal@example.com', name: 'Hal' });
    const limit = RATE_LIMITS.addressMail.points;
    for (let i = 0; i <= limit; i += 1) await signUp({ email: 'hal@example.com', handle: `hal_${i}` });
    expect((await queuedMail()).filter((m) => m.to === 'hal@example.com')).toHaveLength(limit);
    for (let i = 0; i <= limit; i += 1) await signUp({ email: 'ivy@example.com', handle: `ivy_${i}` });
    expect((await queuedMail()).filter((m) => m.to === 'ivy@example.com')).toHaveLength(limit);
    // The sign-up past the cap has no link, and is closed.
    expect((await statusOf('ivy@example.com')).filter((s) => s === 'closed')).toHaveLength(1);
    laterBy(RATE_LIMITS.addressMail.duration);
    await signUp({ email: 'ivy@example.com', handle: 'ivy_late' });
    expect((await queuedMail()).filter((m) => m.to === 'ivy@example.com')).toHaveLength(limit + 1);
  });

  it('are counted in the statement that queues them, so workers racing cannot pass the cap', async () => {
    await createLocalUser({ name: 'Jo', handle: 'jo_l', email: 'jo@example.com', password: PASSWORD });
    const limit = RATE_LIMITS.addressMail.points;
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post('/api/auth/forgot-password', { email: i % 2 ? 'JO@example.com' : 'jo@example.com' }),
      ),
    );
    await Promise.all(Array.from({ length: 4 }, () => lookUpAddresses()));
    expect((await queuedMail()).filter((m) => m.to === 'jo@example.com')).toHaveLength(limit);
  });
});
