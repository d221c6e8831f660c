import { eq } from 'drizzle-orm';
import type { Session, User } from 'next-auth';
import type { JWT } from 'next-auth/jwt';
import { afterEach, describe, expect, it } from 'vitest';
import { getAuthOptions, sessionVersionOf } from '@/lib/auth/options';
import { db } from '@/lib/db/client';
import { redirectLogs } from '@/lib/log';
import { createLocalUser, endAllSessions } from '@/lib/users/service';
import { users } from '@/models';
import { createUser } from '../factories';
import { useTestDatabase } from '../helpers/db';

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

describe('the credentials check', () => {
  it('answers the account’s public fields for the right password', async () => {
    const ada = await createLocalUser({ name: 'Ada Lovelace', email: 'ada@example.com', password: PASSWORD });
    const logs = captureLogs();
    expect(await authorize({ email: ' ADA@example.com ', password: PASSWORD })).toEqual({
      id: ada.id,
      name: 'Ada Lovelace',
      nickname: ada.nickname,
      email: 'ada@example.com',
      image: null,
    });
    expect(logs()).toEqual([]);
  });

  it('answers null, logging nothing, for a wrong password, an unknown e-mail or a malformed form', async () => {
    await createLocalUser({ name: 'Ada Lovelace', email: 'ada@example.com', password: PASSWORD });
    const logs = captureLogs();
    expect(await authorize({ email: 'ada@example.com', password: 'Tulip-Rocket-Lantern-94' })).toBeNull();
    expect(await authorize({ email: 'nobody@example.com', password: PASSWORD })).toBeNull();
    expect(await authorize({ email: '', password: PASSWORD })).toBeNull();
    expect(await authorize({ email: 'ada@example.com' })).toBeNull();
    expect(await authorize(undefined)).toBeNull();
    expect(logs()).toEqual([]);
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

async function sessionVersion(id: string) {
  const [row] = await db().select({ sv: users.sessionVersion }).from(users).where(eq(users.id, id));
  return row!.sv;
}

describe('signing out', () => {
  it('ends nothing for a token without a subject', async () => {
    const blank = await createUser({ id: '' });
    await expect(signOut(null)).resolves.toBeUndefined();
    await expect(signOut({})).resolves.toBeUndefined();
    await expect(signOut({ sub: '', sv: 0 })).resolves.toBeUndefined();
    expect(await sessionVersion(blank.id)).toBe(0);
  });

  it('ends the sessions of the token’s subject', async () => {
    const ada = await createUser();
    await signOut({ sub: ada.id, sv: 0 });
    expect(await sessionVersion(ada.id)).toBe(1);
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
