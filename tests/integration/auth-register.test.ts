import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { db } from '@/lib/db/client';
import { HANDLE_MAX, HANDLE_MIN, SIGN_UP_LIFETIME_MINUTES } from '@/lib/domain/accounts';
import { hashOf } from '@/lib/users/sign-up';
import { verifyLocalCredentials } from '@/lib/users/service';
import { accountMail, accountTokens, signUps, users } from '@/models';
import { createLocalUser, createUser } from '../factories';
import { useTestDatabase } from '../helpers/db';
import { NOT_JSON, postBrokenJson, postsFromClients, useSiteUrl } from '../helpers/http';
import { recordStatements } from '../helpers/statements';

// The sign-up request: it checks the form, hashes the password and queues the sign-up, the
// same for every address and every handle. What becomes of it (a link, or a word to the
// owner of an account) is tests/integration/sign-up-confirm.test.ts.

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

/** What the database holds of accounts and their mail: a sign-up must change only its own row. */
async function accountState() {
  const [users_, mail, tokens] = await Promise.all([
    db().select({ id: users.id, nickname: users.nickname, passwordHash: users.passwordHash }).from(users),
    db().select({ id: accountMail.id }).from(accountMail),
    db().select({ id: accountTokens.id }).from(accountTokens),
  ]);
  return { users: users_, mail: mail.length, tokens: tokens.length };
}

const queuedSignUps = () =>
  db()
    .select({
      email: signUps.email,
      name: signUps.name,
      handle: signUps.handle,
      status: signUps.status,
      returnPath: signUps.returnPath,
      proofHash: signUps.proofHash,
      tokenHash: signUps.tokenHash,
      hashed: sql<boolean>`${signUps.passwordHash} like 'scrypt$%'`,
      lifetimeMinutes: sql<number>`round(extract(epoch from ${signUps.expiresAt} - ${signUps.createdAt}) / 60)::int`,
    })
    .from(signUps)
    .orderBy(signUps.createdAt);

/** The proof a sign-up's answer left in the browser. */
function proofIn(response: Response): string {
  const cookie = response.headers.get('set-cookie') ?? '';
  const match = /^envolve-sign-up=([A-Za-z0-9_-]{43}); Path=\/; Max-Age=(\d+); HttpOnly; SameSite=Lax$/.exec(cookie);
  expect(match, cookie).not.toBeNull();
  expect(Number(match![2])).toBe(SIGN_UP_LIFETIME_MINUTES * 60);
  return match![1]!;
}

describe('POST /api/auth/register', () => {
  it('queues the sign-up as typed, makes no account, and leaves a proof in the browser', async () => {
    const before = await accountState();
    const sent = await register({
      email: 'Ada@Example.com ',
      password: PASSWORD,
      name: ' Ada Lovelace ',
      handle: ' @Ada_L ',
      returnPath: '/payment/checkout/1',
    });
    expect({ status: sent.status, body: sent.body }).toEqual(checkInbox('ada@example.com'));
    const proof = proofIn(sent.response);
    expect(await queuedSignUps()).toEqual([
      {
        email: 'ada@example.com',
        name: 'Ada Lovelace',
        handle: 'Ada_L',
        status: 'queued',
        returnPath: '/payment/checkout/1',
        proofHash: hashOf(proof),
        tokenHash: null,
        hashed: true,
        lifetimeMinutes: SIGN_UP_LIFETIME_MINUTES,
      },
    ]);
    // Nothing to sign in to, nothing mailed yet: the mail job looks the address up.
    expect(await accountState()).toEqual(before);
    expect(await verifyLocalCredentials('ada@example.com', PASSWORD)).toBeNull();
  });

  it('keeps a return path on this site only', async () => {
    for (const returnPath of ['https://evil.example/x', '//evil.example', '/\\evil.example', 'explore'])
      expect((await register(form({ returnPath }))).status).toBe(202);
    expect((await queuedSignUps()).map((row) => row.returnPath)).toEqual([null, null, null, null]);
    expect(await answer(form({ returnPath: `/${'a'.repeat(2048)}` }))).toMatchObject({ status: 400 });
  });

  it('answers alike, and changes only its own row, whoever holds the address and the handle', async () => {
    const owner = await createLocalUser({
      name: 'Carol',
      handle: 'carol',
      email: 'carol@example.com',
      password: PASSWORD,
    });
    await createLocalUser(
      { name: 'Erin', handle: 'erin', email: 'erin@example.com', password: PASSWORD },
      { confirmed: false },
    );
    await createUser({ id: 'oidc|dana', email: 'dana@example.com', name: 'Dana', nickname: 'dana' });
    const before = await accountState();
    const forms = [
      form({ email: 'new@example.com', handle: 'fresh_handle' }),
      form({ email: 'carol@example.com', handle: 'not_carol' }),
      form({ email: 'Carol@Example.com', handle: 'carol' }),
      form({ email: 'erin@example.com', handle: 'erin' }),
      form({ email: 'dana@example.com', handle: 'DANA' }),
      form({ email: 'new2@example.com', handle: 'carol' }),
      form({ email: 'new3@example.com', handle: 'fresh_handle' }),
    ];
    const answers = [];
    for (const sent of forms) answers.push(await register(sent));
    const first = answers[0]!;
    for (const [i, other] of answers.entries()) {
      expect({ status: other.status, body: other.body }).toEqual(checkInbox(forms[i]!.email.toLowerCase()));
      expect([...other.response.headers.keys()]).toEqual([...first.response.headers.keys()]);
      proofIn(other.response);
    }
    // Every handle was answered alike, and none was taken; the owner's password still works.
    expect(await accountState()).toEqual(before);
    expect((await queuedSignUps()).map((row) => row.status)).toEqual(Array(forms.length).fill('queued'));
    expect(await verifyLocalCredentials('carol@example.com', PASSWORD)).toMatchObject({ id: owner.id });
  });

  it('sends the same statements for a new address, one with an account, and a taken handle', async () => {
    await createLocalUser({ name: 'Carol', handle: 'carol', email: 'carol@example.com', password: PASSWORD });
    const sentFor = async (json: Record<string, unknown>) =>
      (await recordStatements(() => register(json))).map((statement) => statement.sql);
    const fresh = await sentFor(form({ email: 'new@example.com', handle: 'fresh_one' }));
    expect(fresh.length).toBeGreaterThan(0);
    expect(await sentFor(form({ email: 'carol@example.com', handle: 'fresh_two' }))).toEqual(fresh);
    expect(await sentFor(form({ email: 'new2@example.com', handle: 'carol' }))).toEqual(fresh);
    expect(await sentFor(form({ email: 'CAROL@example.com', handle: 'Carol' }))).toEqual(fresh);
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
    expect(await queuedSignUps()).toEqual([]);
  });

  it('refuses a password made of the handle', async () => {
    const personal =
      'This password is too easy to guess. It contains your name, your handle, your email address or the site’s name. Add more words that are less common.';
    expect(await answer(form({ handle: 'samjoins', password: 'samjoins!2' }))).toEqual(refusal('password', personal));
    expect(await answer(form({ handle: '@Night_Owl', password: 'nightowl!22' }))).toEqual(
      refusal('password', personal),
    );
    expect((await answer(form({ handle: 'samjoins', password: PASSWORD }))).status).toBe(202);
  });

  it('answers 400 for a body that is not JSON', async () => {
    expect(await postBrokenJson('/api/auth/register')).toEqual(NOT_JSON);
  });
});

describe('POST /api/auth/register: the handle', () => {
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
    expect(await queuedSignUps()).toHaveLength(2);
  });

  it('refuses characters other than letters, digits and underscores, and reserved words in any case', async () => {
    const other = 'Use only letters, digits and underscores';
    for (const handle of ['ada.lovelace', 'ada-l', 'ada l', 'adà', 'ada@example', '@@ada'])
      expect(await answer(form({ handle }))).toEqual(refusal('handle', other));
    const reserved = 'That handle is reserved. Please choose another.';
    for (const handle of ['admin', 'Admin', '@SUPPORT', 'deleted_member', 'envolve'])
      expect(await answer(form({ handle }))).toEqual(refusal('handle', reserved));
    expect(await queuedSignUps()).toEqual([]);
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

  it('refuses a password that is easy to guess, saying why under the field, and queues nothing', async () => {
    expect(await answer(form({ email: 'a@example.com', password: '        ' }))).toEqual(
      refusal('password', 'Password cannot be only spaces.'),
    );
    expect(
      await answer(form({ email: 'grace.hopper@example.com', password: 'Grace.Hopper@example.com', name: 'Grace' })),
    ).toEqual(refusal('password', 'Password cannot be your email address.'));
    expect(await queuedSignUps()).toEqual([]);
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
    expect(await queuedSignUps()).toEqual([]);
  });
});

describe('the proof cookie', () => {
  it('is marked Secure, under a __Host- name, on an https site', async () => {
    vi.stubEnv('NEXTAUTH_URL', 'https://envolve.example');
    const sent = await register(form());
    expect(sent.response.headers.get('set-cookie')).toMatch(
      /^__Host-envolve-sign-up=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax; Secure$/,
    );
    const [row] = await db().select({ id: signUps.id }).from(signUps).where(eq(signUps.status, 'queued'));
    expect(row).toBeDefined();
  });
});
