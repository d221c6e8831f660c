import { eq } from 'drizzle-orm';
import type { Account, Session, User } from 'next-auth';
import type { JWT } from 'next-auth/jwt';
import { afterEach, describe, expect, it } from 'vitest';
import { getAuthOptions, sessionVersionOf } from '@/lib/auth/options';
import { db } from '@/lib/db/client';
import { redirectLogs } from '@/lib/log';
import { endAllSessions, upsertOidcUser, type OidcIdentity } from '@/lib/users/service';
import { users } from '@/models';
import { createLocalUser, createUser } from '../factories';
import { accountOf, tokenMailed } from '../helpers/account-mail';
import { useTestDatabase } from '../helpers/db';
import { call } from '../helpers/http';

useTestDatabase();

let restoreLogs: (() => void) | undefined;
afterEach(() => {
  restoreLogs?.();
  restoreLogs = undefined;
});

/** The lines the app's logger writes from now on, at `level`. */
function captureLogs(level: 'info' | 'debug' = 'info') {
  const lines: string[] = [];
  restoreLogs = redirectLogs({ write: (line) => void lines.push(line) }, level);
  return () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
}

const PASSWORD = 'Tulip-Rocket-Lantern-93';

function authorize(credentials: Record<string, string> | undefined) {
  const provider = getAuthOptions().providers[0] as unknown as {
    options: { authorize: (c: Record<string, string> | undefined) => Promise<unknown> };
  };
  return provider.options.authorize(credentials);
}

/** The sign-up link's provider, called as next-auth calls it: the form, and the request's headers. */
function authorizeSignUp(credentials: Record<string, string>, cookie?: string) {
  // next-auth merges a provider's own options (its id among them) in only when it starts.
  const provider = getAuthOptions().providers.find(
    (p) => (p as { options?: { id?: string } }).options?.id === 'sign-up',
  ) as unknown as {
    options: {
      authorize: (c: Record<string, string>, request: { headers: Record<string, string> }) => Promise<unknown>;
    };
  };
  return provider.options.authorize(credentials, { headers: cookie ? { cookie } : {} });
}

describe('following a sign-up’s link', () => {
  async function mailedSignUp(email: string, handle: string) {
    const sent = await call('POST', '/api/auth/register', {
      json: { name: 'Nia Okafor', handle, email, password: PASSWORD },
      headers: { 'x-forwarded-for': '192.0.2.44' },
    });
    expect(sent.status).toBe(202);
    const cookie = sent.response.headers.get('set-cookie')!.split(';')[0]!;
    return { cookie, token: await tokenMailed('sign_up_confirm', email) };
  }

  it('signs in the browser that signed up, with nothing typed, to the account it makes', async () => {
    const { cookie, token } = await mailedSignUp('nia@example.com', 'nia_o');
    expect(await authorizeSignUp({ token }, `other=1; ${cookie}`)).toEqual({
      id: expect.stringMatching(/^local\|/),
      name: 'Nia Okafor',
      nickname: 'nia_o',
      email: 'nia@example.com',
      image: null,
    });
    // Once: the link has made its account.
    expect(await authorizeSignUp({ token }, cookie)).toBeNull();
  });

  it('signs in another browser with the password chosen, and nobody without it', async () => {
    const { token } = await mailedSignUp('oli@example.com', 'oli_o');
    expect(await authorizeSignUp({ token })).toBeNull();
    expect(await authorizeSignUp({ token, password: 'Harbor-Violet-Compass-58' })).toBeNull();
    expect(await authorizeSignUp({ token: 'not a token', password: PASSWORD })).toBeNull();
    expect(await authorizeSignUp({ token, password: PASSWORD })).toMatchObject({ nickname: 'oli_o' });
  });
});

describe('the credentials check', () => {
  it('answers the account’s public fields for the right password', async () => {
    const ada = await createLocalUser({
      name: 'Ada Lovelace',
      handle: 'ada_l',
      email: 'ada@example.com',
      password: PASSWORD,
    });
    const logs = captureLogs();
    expect(await authorize({ email: ' ADA@example.com ', password: PASSWORD })).toEqual({
      id: ada.id,
      name: 'Ada Lovelace',
      nickname: 'ada_l',
      email: 'ada@example.com',
      image: null,
    });
    expect(logs()).toEqual([]);
  });

  it('answers null, logging nothing, for a wrong password, an unknown e-mail or a malformed form', async () => {
    await createLocalUser({ name: 'Ada Lovelace', handle: 'ada_l', email: 'ada@example.com', password: PASSWORD });
    const logs = captureLogs();
    expect(await authorize({ email: 'ada@example.com', password: 'Tulip-Rocket-Lantern-94' })).toBeNull();
    expect(await authorize({ email: 'nobody@example.com', password: PASSWORD })).toBeNull();
    expect(await authorize({ email: '', password: PASSWORD })).toBeNull();
    expect(await authorize({ email: 'ada@example.com' })).toBeNull();
    expect(await authorize(undefined)).toBeNull();
    expect(logs()).toEqual([]);
  });
});

/** What Ada's first sign-in through OIDC stores of her account. */
const ADA_FIRST_SIGN_IN = {
  email: 'ada@example.com',
  verified: true,
  sessionVersion: 0,
  name: 'Ada Lovelace',
  nickname: 'ada_lovelace',
  handleChosen: false,
  picture: 'https://cdn.example.com/ada.png',
};

const identity = (overrides: Partial<OidcIdentity> = {}): OidcIdentity => ({
  id: 'oidc|ada',
  email: 'ada@example.com',
  emailVerified: true,
  name: 'Ada Lovelace',
  picture: 'https://cdn.example.com/ada.png',
  ...overrides,
});

const oidcAccount = { provider: 'oidc', type: 'oauth', providerAccountId: 'ada' } as Account;
const signInCallback = (user: Partial<User> & { id: string }) =>
  getAuthOptions().callbacks!.signIn!({ user: user as User, account: oidcAccount });

describe('an OIDC account', () => {
  it('is made on the first sign-in with a handle from the name, which its owner is told they may change', async () => {
    expect(await upsertOidcUser(identity())).toEqual({
      id: 'oidc|ada',
      name: 'Ada Lovelace',
      nickname: 'ada_lovelace',
      picture: 'https://cdn.example.com/ada.png',
      bannerUrl: null,
      email: 'ada@example.com',
    });
    expect(await accountOf('oidc|ada')).toEqual(ADA_FIRST_SIGN_IN);
  });

  it('has its address confirmed only when the provider says it checked it', async () => {
    await upsertOidcUser(
      identity({ id: 'oidc|unchecked', email: 'bob@example.com', emailVerified: false, name: 'Bob' }),
    );
    expect(await accountOf('oidc|unchecked')).toMatchObject({ email: 'bob@example.com', verified: false });
    // A later sign-in where the provider has checked it confirms it; one that says it has not
    // does not take the confirmation back.
    await upsertOidcUser(
      identity({ id: 'oidc|unchecked', email: 'bob@example.com', emailVerified: true, name: 'Bob' }),
    );
    expect(await accountOf('oidc|unchecked')).toMatchObject({ verified: true });
    await upsertOidcUser(
      identity({ id: 'oidc|unchecked', email: 'bob@example.com', emailVerified: false, name: 'Bob' }),
    );
    expect(await accountOf('oidc|unchecked')).toMatchObject({ verified: true });
    // A checked claim without an address confirms nothing.
    await upsertOidcUser(identity({ id: 'oidc|none', email: null, emailVerified: true, name: 'Cy' }));
    expect(await accountOf('oidc|none')).toMatchObject({ email: null, verified: false });
  });

  it('does not confirm an address here that differs from the one the provider checked', async () => {
    await upsertOidcUser(identity({ email: 'old@example.com', emailVerified: false }));
    await upsertOidcUser(identity({ email: 'new@example.com', emailVerified: true }));
    expect(await accountOf('oidc|ada')).toMatchObject({ email: 'old@example.com', verified: false });
  });

  it('keeps on later sign-ins the name, handle and picture its owner may have changed here', async () => {
    await upsertOidcUser(identity());
    await db()
      .update(users)
      .set({ name: 'Countess Ada', nickname: 'countess', handleChosen: true, picture: '/uploads/ada.webp' })
      .where(eq(users.id, 'oidc|ada'));
    expect(
      await upsertOidcUser(identity({ name: 'Ada King', picture: 'https://cdn.example.com/new.png' })),
    ).toMatchObject({ name: 'Countess Ada', nickname: 'countess', picture: '/uploads/ada.webp' });
    expect(await accountOf('oidc|ada')).toMatchObject({
      name: 'Countess Ada',
      nickname: 'countess',
      handleChosen: true,
      picture: '/uploads/ada.webp',
    });
  });

  it('gets digits after the name when the handle is taken, whatever its case', async () => {
    await createUser({ nickname: 'Ada_Lovelace' });
    const second = await upsertOidcUser(identity());
    expect(second.nickname).toMatch(/^ada_lovelace_[0-9]{4}$/);
    const third = await upsertOidcUser(identity({ id: 'oidc|ada3', email: 'ada3@example.com' }));
    expect(third.nickname).toMatch(/^ada_lovelace_[0-9]{4}$/);
    expect(third.nickname).not.toBe(second.nickname);
  });

  it('makes a handle from any name: accents dropped, reserved words and names without letters avoided', async () => {
    const handleFor = async (id: string, name: string) =>
      (await upsertOidcUser(identity({ id, email: null, name }))).nickname;
    expect(await handleFor('oidc|1', 'José Ñúñez-García')).toBe('jose_nunez_garcia');
    expect(await handleFor('oidc|2', 'Admin')).toBe('admin_1');
    expect(await handleFor('oidc|3', '李雷')).toBe('member');
    expect(await handleFor('oidc|4', 'Jo')).toMatch(/^member_[0-9]{4}$/);
    expect(await handleFor('oidc|5', 'A very long name that goes on and on')).toBe('a_very_long_name_tha');
  });

  it('signs in without the address when another account holds it', async () => {
    const local = await createUser({ email: 'ada@example.com' });
    expect(await upsertOidcUser(identity())).toMatchObject({ id: 'oidc|ada', email: null });
    expect(await accountOf('oidc|ada')).toMatchObject({ email: null, verified: false, nickname: 'ada_lovelace' });
    expect(await accountOf(local.id)).toMatchObject({ email: 'ada@example.com' });
  });

  it('does not bring back a deleted row of the same id', async () => {
    await createUser({ id: 'oidc|ada', name: 'Deleted member', nickname: '' });
    await db().update(users).set({ deletedAt: new Date() }).where(eq(users.id, 'oidc|ada'));
    await expect(upsertOidcUser(identity())).rejects.toThrow();
    expect(await accountOf('oidc|ada')).toMatchObject({
      name: 'Deleted member',
      nickname: '',
      email: expect.any(String),
    });
    const [row] = await db().select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, 'oidc|ada'));
    expect(row!.deletedAt).not.toBeNull();
  });

  it('is made and kept by the signIn callback from what the provider profile gave', async () => {
    const profile = {
      id: 'oidc|ada',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      emailVerified: true,
      image: 'https://cdn.example.com/ada.png',
    };
    expect(await signInCallback(profile)).toBe(true);
    expect(await accountOf('oidc|ada')).toEqual(ADA_FIRST_SIGN_IN);
    expect(await signInCallback({ ...profile, name: 'Ada King', image: null })).toBe(true);
    expect(await accountOf('oidc|ada')).toMatchObject({
      name: 'Ada Lovelace',
      picture: 'https://cdn.example.com/ada.png',
    });
    // A profile with no name at all gets a neutral one, and a handle from it.
    expect(await signInCallback({ id: 'oidc|nameless' })).toBe(true);
    expect(await accountOf('oidc|nameless')).toMatchObject({
      email: null,
      verified: false,
      name: 'Envolve member',
      nickname: 'envolve_member',
    });
  });
});

const jwt = (token: JWT, user?: Partial<User> & { id: string }) =>
  getAuthOptions().callbacks!.jwt!({ token, user: user as User, account: null } as never);

describe('the jwt callback', () => {
  it('copies the signed-in user into the token, with the account’s session version', async () => {
    const ada = await createUser({ id: 'auth0|ada', name: 'Ada Lovelace', nickname: 'ada' });
    await endAllSessions(ada.id, 0);
    const user = {
      id: ada.id,
      name: 'Ada Lovelace',
      nickname: 'ada',
      email: ada.email,
      image: 'https://x.example/a.png',
    };
    expect(await jwt({ jti: 'j1' }, user)).toEqual({
      jti: 'j1',
      sub: ada.id,
      name: 'Ada Lovelace',
      nickname: 'ada',
      picture: 'https://x.example/a.png',
      email: ada.email,
      sv: 1,
    });
  });

  it('takes the name as nickname when there is none, and version 0 for an account not stored', async () => {
    expect(await jwt({}, { id: 'oidc|new', name: 'Bob Brown', email: null, image: null })).toEqual({
      sub: 'oidc|new',
      name: 'Bob Brown',
      nickname: 'Bob Brown',
      picture: null,
      email: null,
      sv: 0,
    });
  });

  it('leaves the token as it is on a later request while its session is current', async () => {
    const ada = await createUser({ id: 'auth0|ada' });
    await endAllSessions(ada.id, 0);
    const token = { sub: 'auth0|ada', name: 'Ada', nickname: 'ada', sv: 1 };
    expect(await jwt({ ...token })).toEqual(token);
  });

  it('refuses a later request of a session that has ended, or of an account that is gone', async () => {
    const ada = await createUser({ id: 'auth0|ada' });
    await endAllSessions(ada.id, 0);
    const ended = { name: 'SessionEndedError', message: 'The session has ended.' };
    await expect(jwt({ sub: ada.id, name: 'Ada', sv: 0 })).rejects.toMatchObject(ended);
    await expect(jwt({ sub: ada.id, name: 'Ada' })).rejects.toMatchObject(ended);
    await expect(jwt({ sub: ada.id, name: 'Ada', sv: 2 })).rejects.toMatchObject(ended);
    await expect(jwt({ sub: 'auth0|nobody', name: 'Nobody', sv: 0 })).rejects.toMatchObject(ended);
    await expect(jwt({ name: 'No subject' })).rejects.toMatchObject(ended);
  });
});

const session = (token: JWT) =>
  getAuthOptions().callbacks!.session!({
    session: { expires: '2030-01-01T00:00:00.000Z' } as Session,
    token,
  } as never);

describe('the session callback', () => {
  it('gives the page the token’s user', async () => {
    const token = {
      sub: 'auth0|ada',
      name: 'Ada',
      nickname: 'ada',
      picture: 'https://x.example/a.png',
      email: 'a@x.io',
    };
    expect(await session(token)).toEqual({
      expires: '2030-01-01T00:00:00.000Z',
      user: { sub: 'auth0|ada', name: 'Ada', nickname: 'ada', picture: 'https://x.example/a.png', email: 'a@x.io' },
    });
  });

  it('fills what the token lacks: the nickname from the name, else empty texts and nulls', async () => {
    expect(await session({ sub: 'auth0|ada', name: 'Ada' })).toEqual({
      expires: '2030-01-01T00:00:00.000Z',
      user: { sub: 'auth0|ada', name: 'Ada', nickname: 'Ada', picture: null, email: null },
    });
    expect(await session({})).toEqual({
      expires: '2030-01-01T00:00:00.000Z',
      user: { sub: '', name: '', nickname: '', picture: null, email: null },
    });
  });
});

const signOut = (token: JWT | null) => getAuthOptions().events!.signOut!({ token, session: undefined } as never);

describe('signing out', () => {
  it('ends nothing for a token without a subject', async () => {
    const blank = await createUser({ id: '' });
    await expect(signOut(null)).resolves.toBeUndefined();
    await expect(signOut({})).resolves.toBeUndefined();
    await expect(signOut({ sub: '', sv: 0 })).resolves.toBeUndefined();
    expect(await accountOf(blank.id)).toMatchObject({ sessionVersion: 0 });
  });

  it('ends the sessions of the token’s subject', async () => {
    const ada = await createUser();
    await signOut({ sub: ada.id, sv: 0 });
    expect(await accountOf(ada.id)).toMatchObject({ sessionVersion: 1 });
  });
});

describe('sessionVersionOf', () => {
  it('reads a whole number, and 0 for anything else', () => {
    expect(sessionVersionOf({ sv: 2 })).toBe(2);
    expect(sessionVersionOf({ sv: 0 })).toBe(0);
    expect(sessionVersionOf({ sv: 1.5 })).toBe(0);
    expect(sessionVersionOf({ sv: '3' })).toBe(0);
    expect(sessionVersionOf({})).toBe(0);
    expect(sessionVersionOf(null)).toBe(0);
    expect(sessionVersionOf(undefined)).toBe(0);
  });
});

describe('next-auth’s logger', () => {
  it('logs its errors with the error it gives, wherever it puts it', () => {
    const logs = captureLogs();
    const { logger } = getAuthOptions();
    logger!.error!('OAUTH_CALLBACK_ERROR', { error: new Error('state mismatch') } as never);
    logger!.error!('SIGNIN_EMAIL_ERROR', undefined as never);
    expect(logs().map(({ level, scope, code, msg }) => ({ level, scope, code, msg }))).toEqual([
      { level: 'error', scope: 'next-auth', code: 'OAUTH_CALLBACK_ERROR', msg: 'Error: state mismatch' },
      { level: 'error', scope: 'next-auth', code: 'SIGNIN_EMAIL_ERROR', msg: 'Error: SIGNIN_EMAIL_ERROR' },
    ]);
  });

  it('logs a session cookie it refused as what visitors send, not as a fault', async () => {
    const logs = captureLogs();
    const { logger } = getAuthOptions();
    logger!.error!('JWT_SESSION_ERROR', new Error('decryption failed'));
    try {
      await getAuthOptions().callbacks!.jwt!({ token: { sub: 'auth0|nobody' } } as never);
    } catch (error) {
      logger!.error!('JWT_SESSION_ERROR', error as Error);
    }
    expect(logs().map(({ level, scope, code, msg }) => ({ level, scope, code, msg }))).toEqual([
      { level: 'info', scope: 'next-auth', code: 'JWT_SESSION_ERROR', msg: 'a session cookie was refused' },
      { level: 'info', scope: 'next-auth', code: 'JWT_SESSION_ERROR', msg: 'an ended session was refused' },
    ]);
  });

  it('logs its warnings, and its debug lines only at the debug level', () => {
    const logs = captureLogs('debug');
    const { logger } = getAuthOptions();
    logger!.warn!('NEXTAUTH_URL');
    logger!.debug!('PROFILE_DATA', { access_token: 'secret-token', sub: 'abc' });
    expect(logs().map(({ time: _time, pid: _pid, hostname: _host, ...line }) => line)).toEqual([
      { level: 'warn', scope: 'next-auth', code: 'NEXTAUTH_URL', msg: 'next-auth warning NEXTAUTH_URL' },
      {
        level: 'debug',
        scope: 'next-auth',
        code: 'PROFILE_DATA',
        metadata: { access_token: '[redacted]', sub: 'abc' },
        msg: 'next-auth PROFILE_DATA',
      },
    ]);
  });
});
