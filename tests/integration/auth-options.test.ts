import { eq } from 'drizzle-orm';
import type { Account, User } from 'next-auth';
import type { OAuthConfig } from 'next-auth/providers/oauth';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getAuthOptions, isOidcConfigured, subjectToUserId, type OidcProfile } from '@/lib/auth/options';
import { db } from '@/lib/db/client';
import { users } from '@/models';
import { useTestDatabase } from '../helpers/db';

useTestDatabase();

afterEach(() => vi.unstubAllEnvs());

function setOidcEnv(env: Partial<Record<'ISSUER' | 'CLIENT_ID' | 'CLIENT_SECRET' | 'AUDIENCE' | 'NAME', string>>) {
  for (const name of ['ISSUER', 'CLIENT_ID', 'CLIENT_SECRET', 'AUDIENCE', 'NAME'] as const) {
    vi.stubEnv(`OIDC_${name}`, env[name] ?? '');
  }
}

const FULL_OIDC = { ISSUER: 'https://id.example.com/tenant//', CLIENT_ID: 'client-1', CLIENT_SECRET: 'secret-1' };

function oidcProvider(): OAuthConfig<OidcProfile> {
  const provider = getAuthOptions().providers.find((p) => p.id === 'oidc');
  expect(provider).toBeDefined();
  return provider as OAuthConfig<OidcProfile>;
}

const profileOf = (profile: OidcProfile) => oidcProvider().profile(profile, {});

describe('next-auth options', () => {
  it('keeps sessions in a signed JWT for thirty days and sends sign-in and its errors to /login', () => {
    setOidcEnv({});
    const options = getAuthOptions();
    expect(options.session).toEqual({ strategy: 'jwt', maxAge: 2_592_000 });
    expect(options.pages).toEqual({ signIn: '/login', error: '/login' });
  });

  it('offers the e-mail and password form and the sign-up link, and only those without OIDC settings', () => {
    setOidcEnv({});
    const { providers } = getAuthOptions();
    expect(providers.map((provider) => (provider as unknown as { options: unknown }).options)).toEqual([
      {
        id: 'credentials',
        name: 'Email',
        credentials: { email: { label: 'Email', type: 'email' }, password: { label: 'Password', type: 'password' } },
        authorize: expect.any(Function),
      },
      {
        id: 'sign-up',
        name: 'Sign-up link',
        credentials: { token: { label: 'Link', type: 'text' }, password: { label: 'Password', type: 'password' } },
        authorize: expect.any(Function),
      },
    ]);
  });
});

describe('OpenID Connect settings', () => {
  it('needs the issuer, the client id and the client secret, all three', () => {
    const cases: [Partial<typeof FULL_OIDC>, boolean][] = [
      [{}, false],
      [{ ISSUER: FULL_OIDC.ISSUER }, false],
      [{ CLIENT_ID: 'client-1' }, false],
      [{ CLIENT_SECRET: 'secret-1' }, false],
      [{ ISSUER: FULL_OIDC.ISSUER, CLIENT_ID: 'client-1' }, false],
      [{ ISSUER: FULL_OIDC.ISSUER, CLIENT_SECRET: 'secret-1' }, false],
      [{ CLIENT_ID: 'client-1', CLIENT_SECRET: 'secret-1' }, false],
      [FULL_OIDC, true],
    ];
    for (const [env, configured] of cases) {
      setOidcEnv(env);
      expect([env, isOidcConfigured()]).toEqual([env, configured]);
      expect(getAuthOptions().providers.map((p) => p.id)).toEqual(
        configured ? ['credentials', 'credentials', 'oidc'] : ['credentials', 'credentials'],
      );
    }
  });

  it('configures the provider from the issuer (trailing slashes dropped), with PKCE, state and the ID token', () => {
    setOidcEnv(FULL_OIDC);
    expect(oidcProvider()).toEqual({
      id: 'oidc',
      name: 'Single sign-on',
      type: 'oauth',
      wellKnown: 'https://id.example.com/tenant/.well-known/openid-configuration',
      clientId: 'client-1',
      clientSecret: 'secret-1',
      authorization: { params: { scope: 'openid profile email' } },
      idToken: true,
      checks: ['pkce', 'state'],
      profile: expect.any(Function),
    });
  });

  it('asks for the audience when OIDC_AUDIENCE is set, and takes its name from OIDC_NAME', () => {
    setOidcEnv({ ...FULL_OIDC, AUDIENCE: 'https://api.envolve.example', NAME: 'Auth0' });
    expect(oidcProvider()).toMatchObject({
      name: 'Auth0',
      authorization: { params: { scope: 'openid profile email', audience: 'https://api.envolve.example' } },
    });
  });

  it('gives every user id the provider|subject form', () => {
    expect(subjectToUserId('abc123')).toBe('oidc|abc123');
    expect(subjectToUserId('auth0|abc123')).toBe('auth0|abc123');
  });
});

describe('the OIDC profile', () => {
  it('maps every claim the issuer sends, but not its nickname: the handle is chosen here', () => {
    setOidcEnv(FULL_OIDC);
    const full = {
      sub: 'auth0|abc123',
      name: 'Ada Lovelace',
      nickname: 'ada',
      preferred_username: 'ada.l',
      email: 'ada@example.com',
      email_verified: true,
      picture: 'https://cdn.example.com/ada.png',
    };
    expect(profileOf(full)).toEqual({
      id: 'auth0|abc123',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      emailVerified: true,
      image: 'https://cdn.example.com/ada.png',
    });
  });

  it('names a profile without a name by its nickname or username, never by its e-mail', () => {
    setOidcEnv(FULL_OIDC);
    const unnamed = { id: 'oidc|s1', email: 'ada@example.com', emailVerified: false, image: null };
    expect(profileOf({ sub: 's1', nickname: 'ada', preferred_username: 'ada.l', email: 'ada@example.com' })).toEqual({
      ...unnamed,
      name: 'ada',
    });
    expect(profileOf({ sub: 's1', preferred_username: 'ada.l', email: 'ada@example.com' })).toEqual({
      ...unnamed,
      name: 'ada.l',
    });
    expect(profileOf({ sub: 's1', email: 'ada@example.com', email_verified: false })).toEqual({
      ...unnamed,
      name: 'Envolve member',
    });
    expect(profileOf({ sub: 's1' })).toEqual({ ...unnamed, email: null, name: 'Envolve member' });
  });
});

async function userRow(id: string) {
  return db()
    .select({ id: users.id, email: users.email, name: users.name, nickname: users.nickname, picture: users.picture })
    .from(users)
    .where(eq(users.id, id));
}

const oidcAccount = { provider: 'oidc', type: 'oauth', providerAccountId: 'abc123' } as Account;
const signIn = (user: Partial<User> & { id: string }, account: Account | null) =>
  getAuthOptions().callbacks!.signIn!({ user: user as User, account });

describe('the signIn callback', () => {
  it('creates the OIDC user’s account, then leaves what its owner may have changed here on the next sign-in', async () => {
    const ada = {
      id: 'auth0|abc123',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      image: 'https://cdn.example.com/ada.png',
    };
    expect(await signIn(ada, oidcAccount)).toBe(true);
    expect(await userRow(ada.id)).toEqual([
      { id: ada.id, email: ada.email, name: 'Ada Lovelace', nickname: 'ada_lovelace', picture: ada.image },
    ]);
    expect(await signIn({ ...ada, name: 'Ada King', image: null }, oidcAccount)).toBe(true);
    expect(await userRow(ada.id)).toEqual([
      { id: ada.id, email: ada.email, name: 'Ada Lovelace', nickname: 'ada_lovelace', picture: ada.image },
    ]);
  });

  it('names an account without a name neutrally, and makes its handle from the name', async () => {
    expect(await signIn({ id: 'oidc|a', nickname: 'ada' }, oidcAccount)).toBe(true);
    expect(await signIn({ id: 'oidc|b', name: 'Bob Brown' }, oidcAccount)).toBe(true);
    expect(await signIn({ id: 'oidc|c' }, oidcAccount)).toBe(true);
    expect(await userRow('oidc|a')).toEqual([
      { id: 'oidc|a', email: null, name: 'Envolve member', nickname: 'envolve_member', picture: null },
    ]);
    expect(await userRow('oidc|b')).toEqual([
      { id: 'oidc|b', email: null, name: 'Bob Brown', nickname: 'bob_brown', picture: null },
    ]);
    expect(await userRow('oidc|c')).toEqual([
      {
        id: 'oidc|c',
        email: null,
        name: 'Envolve member',
        nickname: expect.stringMatching(/^envolve_member_[0-9]{4}$/),
        picture: null,
      },
    ]);
  });

  it('writes nothing for a credentials sign-in or one without an account', async () => {
    const account = { provider: 'credentials', type: 'credentials', providerAccountId: 'x' } as Account;
    expect(await signIn({ id: 'local|x', name: 'Ada' }, account)).toBe(true);
    expect(await signIn({ id: 'local|y', name: 'Ada' }, null)).toBe(true);
    expect(await db().select({ id: users.id }).from(users)).toEqual([]);
  });
});
