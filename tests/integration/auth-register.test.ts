import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { HANDLE_MAX, HANDLE_MIN, TOKEN_LIFETIME_MINUTES } from '@/lib/domain/accounts';
import { RATE_LIMITS } from '@/lib/rate-limit';
import { verifyLocalCredentials } from '@/lib/users/service';
import { HANDLE_TAKEN } from '@/lib/validation/profile';
import { users } from '@/models';
import { createUser } from '../factories';
import { accountOf, laterBy, onlyMail, queuedMail, tokenMailed, tokensOf } from '../helpers/account-mail';
import { useTestDatabase } from '../helpers/db';
import { NOT_JSON, postBrokenJson, postsFromClients, useSiteUrl } from '../helpers/http';

useTestDatabase();

const SITE = 'http://envolve.example';
const PASSWORD = 'Tulip-Rocket-Lantern-93';

useSiteUrl(SITE);

// Sign-ups are limited per client address.
const post = postsFromClients('198.51.100');
const register = (json: unknown, ip?: string) => post('/api/auth/register', json, { ip });

/** The status and body of a registration, to compare whole. */
async function answer(json: unknown, ip?: string) {
  const { status, body } = await register(json, ip);
  return { status, body };
}

let handles = 0;
/** A sign-up form filled in correctly, with a handle no other test account has. */
const form = (overrides: Record<string, unknown> = {}) => {
  handles += 1;
  return {
    name: 'Ada Lovelace',
    handle: `ada_${handles}`,
    email: `ada${handles}@example.com`,
    password: PASSWORD,
    ...overrides,
  };
};

const checkInbox = (email: string) => ({ status: 202, body: { status: 'check_inbox', email } });

/** A 400 that says what is wrong, under the field it is about. */
const refusal = (field: string, reason: string) => ({
  status: 400,
  body: { error: reason, code: 'bad_request', fields: { [field]: reason } },
});

const userCount = async () => (await db().select({ id: users.id }).from(users)).length;

async function userByEmail(email: string) {
  const [row] = await db()
    .select({ id: users.id, name: users.name, nickname: users.nickname })
    .from(users)
    .where(eq(users.email, email));
  return row;
}

describe('POST /api/auth/register: a new address', () => {
  it('makes an unconfirmed account with the chosen handle, that can sign in, and mails a link to confirm it', async () => {
    expect(
      await answer({ email: 'Ada@Example.com ', password: PASSWORD, name: ' Ada Lovelace ', handle: ' Ada_L ' }),
    ).toEqual(checkInbox('ada@example.com'));

    const ada = await userByEmail('ada@example.com');
    expect(ada).toEqual({
      id: expect.stringMatching(/^local\|[0-9a-f-]{36}$/),
      name: 'Ada Lovelace',
      nickname: 'Ada_L',
    });
    expect(await accountOf(ada!.id)).toEqual({
      email: 'ada@example.com',
      verified: false,
      sessionVersion: 0,
      name: 'Ada Lovelace',
      nickname: 'Ada_L',
      handleChosen: true,
      picture: null,
    });
    expect(await verifyLocalCredentials('ada@example.com', PASSWORD)).toMatchObject({ id: ada!.id });
    expect(await verifyLocalCredentials('ADA@example.com', 'wrong password')).toBeNull();

    // One message: the link to confirm, to the address as stored.
    const token = await tokenMailed('verify_email', 'ada@example.com');
    expect(await queuedMail()).toEqual([
      {
        to: 'ada@example.com',
        kind: 'verify_email',
        userId: ada!.id,
        payload: { name: 'Ada Lovelace', url: `${SITE}/verify-email?token=${token}` },
      },
    ]);
    // The database keeps only the token's hash, for 48 hours.
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await tokensOf(ada!.id)).toEqual([
      {
        purpose: 'email_verify',
        email: 'ada@example.com',
        tokenHash: createHash('sha256').update(token).digest('hex'),
        used: false,
        lifetimeMinutes: TOKEN_LIFETIME_MINUTES.email_verify,
      },
    ]);
  });

  it('drops a leading @ from the handle', async () => {
    expect(await answer(form({ email: 'grace@example.com', handle: '@grace_h' }))).toEqual(
      checkInbox('grace@example.com'),
    );
    expect(await userByEmail('grace@example.com')).toMatchObject({ nickname: 'grace_h' });
  });
});

describe('POST /api/auth/register: an address that already has an account', () => {
  it('answers exactly as it did when the address was new, makes nothing, and tells the owner', async () => {
    const first = await register(form({ email: 'carol@example.com', name: 'Carol Owner', handle: 'carol' }));
    const again = await register(form({ email: 'Carol@Example.com', name: 'Someone Else', handle: 'not_carol' }));
    expect({ status: again.status, body: again.body }).toEqual({ status: first.status, body: first.body });
    expect({ status: again.status, body: again.body }).toEqual(checkInbox('carol@example.com'));
    expect([...again.response.headers.keys()]).toEqual([...first.response.headers.keys()]);

    // Nothing of the second form was kept: no account, no handle, the owner's password still works.
    expect(await userCount()).toBe(1);
    const carol = await userByEmail('carol@example.com');
    expect(carol).toMatchObject({ name: 'Carol Owner', nickname: 'carol' });
    expect(await verifyLocalCredentials('carol@example.com', PASSWORD)).toMatchObject({ id: carol!.id });
    expect((await answer(form({ handle: 'not_carol' }))).status).toBe(202);

    // The owner is told, by their own name, with a way to sign in and to set a new password;
    // the only link to confirm is the one of the first sign-up.
    expect(await onlyMail('sign_up_attempt', 'carol@example.com')).toEqual({
      to: 'carol@example.com',
      kind: 'sign_up_attempt',
      userId: carol!.id,
      payload: { name: 'Carol Owner', signInUrl: `${SITE}/login`, resetUrl: `${SITE}/forgot-password` },
    });
    expect(await tokensOf(carol!.id)).toHaveLength(1);
  });

  it('answers the same for an account that signs in with the identity provider, or has no confirmed address', async () => {
    const oidc = await createUser({ id: 'oidc|dana', email: 'dana@example.com', name: 'Dana' });
    const unconfirmed = await createUser({ email: 'erin@example.com', name: 'Erin', emailVerifiedAt: null });
    expect(await answer(form({ email: 'dana@example.com' }))).toEqual(checkInbox('dana@example.com'));
    expect(await answer(form({ email: 'erin@example.com' }))).toEqual(checkInbox('erin@example.com'));
    expect(await userCount()).toBe(2);
    expect((await queuedMail()).map(({ to, kind, userId }) => ({ to, kind, userId }))).toEqual([
      { to: 'dana@example.com', kind: 'sign_up_attempt', userId: oidc.id },
      { to: 'erin@example.com', kind: 'sign_up_attempt', userId: unconfirmed.id },
    ]);
  });

  it('mails the owner at most three times an hour, answering the same past that, then again after the hour', async () => {
    await createUser({ email: 'fay@example.com', name: 'Fay' });
    const attempts = RATE_LIMITS.addressMail.points;
    for (let i = 0; i < attempts; i += 1)
      expect(await answer(form({ email: i % 2 ? 'FAY@example.com' : 'fay@example.com' }))).toEqual(
        checkInbox('fay@example.com'),
      );
    expect((await queuedMail()).filter((m) => m.kind === 'sign_up_attempt')).toHaveLength(attempts);

    expect(await answer(form({ email: 'fay@example.com' }))).toEqual(checkInbox('fay@example.com'));
    expect((await queuedMail()).filter((m) => m.kind === 'sign_up_attempt')).toHaveLength(attempts);

    // Another address is counted apart.
    await createUser({ email: 'gus@example.com' });
    expect(await answer(form({ email: 'gus@example.com' }))).toEqual(checkInbox('gus@example.com'));
    expect((await queuedMail()).filter((m) => m.to === 'gus@example.com')).toHaveLength(1);

    laterBy(RATE_LIMITS.addressMail.duration);
    expect(await answer(form({ email: 'fay@example.com' }))).toEqual(checkInbox('fay@example.com'));
    expect((await queuedMail()).filter((m) => m.to === 'fay@example.com')).toHaveLength(attempts + 1);
  });

  it('refuses a weak password with the same words whether or not the address has an account', async () => {
    await createUser({ email: 'hal@example.com', name: 'Hal' });
    const weak = { name: 'Hal', password: '12345678' };
    const known = await answer(form({ ...weak, email: 'hal@example.com', handle: 'hal_one' }));
    const unknown = await answer(form({ ...weak, email: 'hal2@example.com', handle: 'hal_two' }));
    expect(known).toEqual(unknown);
    expect(known).toEqual(
      refusal(
        'password',
        'This password is too easy to guess. This is a heavily used password. Add more words that are less common.',
      ),
    );
    expect(await queuedMail()).toEqual([]);
  });
});

describe('POST /api/auth/register: the handle', () => {
  it('answers 409 for a handle another account holds, whatever its case, and makes nothing', async () => {
    const owner = await createUser({ nickname: 'Ivy_Writes' });
    expect(await answer(form({ email: 'ivy@example.com', handle: 'ivy_writes' }))).toEqual({
      status: 409,
      body: { error: HANDLE_TAKEN, code: 'conflict', fields: { handle: HANDLE_TAKEN } },
    });
    expect(await answer(form({ email: 'ivy@example.com', handle: '@IVY_WRITES' }))).toMatchObject({ status: 409 });
    expect(await userCount()).toBe(1);
    expect(await queuedMail()).toEqual([]);
    // The handle a sign-up took is taken for the next one too.
    expect(await answer(form({ email: 'ivy@example.com', handle: 'ivy_reads' }))).toEqual(
      checkInbox('ivy@example.com'),
    );
    expect((await answer(form({ email: 'ivy2@example.com', handle: 'Ivy_Reads' }))).status).toBe(409);
    expect(owner.nickname).toBe('Ivy_Writes');
  });

  it(`takes ${HANDLE_MIN} and ${HANDLE_MAX} characters and refuses ${HANDLE_MIN - 1} and ${HANDLE_MAX + 1}`, async () => {
    expect((await answer(form({ handle: 'abc' }))).status).toBe(202);
    expect((await answer(form({ handle: 'b'.repeat(HANDLE_MAX) }))).status).toBe(202);
    expect(await answer(form({ handle: 'ab' }))).toEqual(refusal('handle', 'Handle must be at least 3 characters'));
    // The '@' is not counted: what is left is too short.
    expect(await answer(form({ handle: '@ab' }))).toEqual(refusal('handle', 'Handle must be at least 3 characters'));
    expect(await answer(form({ handle: 'c'.repeat(HANDLE_MAX + 1) }))).toEqual(
      refusal('handle', 'Handle must be 30 characters or fewer'),
    );
    expect(await answer(form({ handle: 'c'.repeat(201) }))).toEqual(
      refusal('handle', 'Handle must be 30 characters or fewer'),
    );
    expect(await userCount()).toBe(2);
  });

  it('refuses characters other than letters, digits and underscores, and reserved words in any case', async () => {
    const other = 'Use only letters, digits and underscores';
    for (const handle of ['ada.lovelace', 'ada-l', 'ada l', 'adà', 'ada@example', '@@ada'])
      expect(await answer(form({ handle }))).toEqual(refusal('handle', other));
    const reserved = 'That handle is reserved. Please choose another.';
    for (const handle of ['admin', 'Admin', '@SUPPORT', 'deleted_member', 'envolve'])
      expect(await answer(form({ handle }))).toEqual(refusal('handle', reserved));
    expect(await userCount()).toBe(0);
  });

  it('requires a handle', async () => {
    const { handle: _none, ...withoutHandle } = form();
    expect(await answer(withoutHandle)).toEqual(refusal('handle', 'Handle is required'));
    expect(await answer(form({ handle: '   ' }))).toEqual(refusal('handle', 'Handle is required'));
    expect(await answer(form({ handle: 42 }))).toEqual(refusal('handle', 'Handle is required'));
  });
});

describe('POST /api/auth/register: the other fields', () => {
  it('accepts a password of exactly 8 characters and refuses 7', async () => {
    expect((await answer(form({ password: 'Kq7#vZ2m' }))).status).toBe(202);
    expect(await answer(form({ password: 'Kq7#vZ2' }))).toEqual(
      refusal('password', 'Password must be at least 8 characters'),
    );
  });

  it('accepts a password of exactly 200 characters and refuses 201', async () => {
    const long = 'Tulip-Rocket-Lantern-93 '.repeat(9).slice(0, 200);
    expect((await answer(form({ password: long }))).status).toBe(202);
    expect(await answer(form({ password: `${long}x` }))).toEqual(
      refusal('password', 'Password must be 200 characters or fewer'),
    );
  });

  it('refuses a password that is easy to guess, saying why under the field, and creates nothing', async () => {
    expect(await answer(form({ email: 'a@example.com', password: '        ' }))).toEqual(
      refusal('password', 'Password cannot be only spaces.'),
    );
    expect(
      await answer(form({ email: 'grace.hopper@example.com', password: 'Grace.Hopper@example.com', name: 'Grace' })),
    ).toEqual(refusal('password', 'Password cannot be your email address.'));
    expect(await userCount()).toBe(0);
    expect(await queuedMail()).toEqual([]);
  });

  it('takes a name of 80 characters and refuses 81, or none', async () => {
    expect((await answer(form({ name: 'N'.repeat(80) }))).status).toBe(202);
    expect(await answer(form({ name: 'N'.repeat(81) }))).toEqual(
      refusal('name', 'Name must be 80 characters or fewer'),
    );
    expect(await answer(form({ name: '   ' }))).toEqual(refusal('name', 'Name is required'));
  });

  it('takes an address of 254 characters and refuses 255', async () => {
    const domain = `${'d'.repeat(60)}.${'e'.repeat(60)}.${'f'.repeat(60)}.example`;
    const at254 = `${'a'.repeat(254 - domain.length - 1)}@${domain}`;
    expect(at254).toHaveLength(254);
    expect(await answer(form({ email: at254 }))).toEqual(checkInbox(at254));
    expect(await answer(form({ email: `a${at254}` }))).toEqual(
      refusal('email', 'Email must be 254 characters or fewer'),
    );
  });

  it('answers 400 with field errors for a bad e-mail and a missing name', async () => {
    expect(await answer({ email: 'not-an-email', password: PASSWORD, name: '   ', handle: 'fine_handle' })).toEqual({
      status: 400,
      body: {
        error: 'Name is required',
        code: 'bad_request',
        fields: { name: 'Name is required', email: 'Please enter a valid email address' },
      },
    });
    expect(await answer(form({ email: '' }))).toEqual(refusal('email', 'Email is required'));
  });

  it('answers 400 for a body that is not JSON', async () => {
    expect(await postBrokenJson('/api/auth/register')).toEqual(NOT_JSON);
  });
});
