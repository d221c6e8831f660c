import 'server-only';
import type { NextAuthOptions } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import type { OAuthConfig } from 'next-auth/providers/oauth';
import { clientIp } from '@/lib/http/client-ip';
import { safeRedirectUrl } from '@/lib/http/return-path';
import { logError, logger, logWarn } from '@/lib/log';
import {
  endAllSessions,
  getAccountUser,
  getSessionVersion,
  upsertOidcUser,
  verifyLocalCredentials,
} from '@/lib/users/service';
import { confirmSignUp } from '@/lib/users/sign-up-confirm';
import { signUpProofFrom } from '@/lib/users/sign-up';
import { confirmSignUpSchema, signInSchema } from '@/lib/validation/auth';
import { getAuthSecret } from './secret';
import { checkSignIn } from './sign-in-attempts';
import './types';

/** The claims the OpenID provider's profile is read from. */
export type OidcProfile = {
  sub: string;
  name?: string;
  nickname?: string;
  preferred_username?: string;
  email?: string;
  /** Whether the provider checked that the address is the person's. */
  email_verified?: boolean;
  picture?: string;
};

export function isOidcConfigured(): boolean {
  return Boolean(process.env.OIDC_ISSUER && process.env.OIDC_CLIENT_ID && process.env.OIDC_CLIENT_SECRET);
}

export function oidcProviderName(): string {
  return process.env.OIDC_NAME || 'Single sign-on';
}

// Auth0 subjects already read `auth0|abc`; other issuers get an `oidc|` prefix so every
// id has the `provider|subject` form.
export function subjectToUserId(sub: string): string {
  return sub.includes('|') ? sub : `oidc|${sub}`;
}

function oidcProvider(): OAuthConfig<OidcProfile> {
  const issuer = process.env.OIDC_ISSUER!.replace(/\/+$/, '');
  const audience = process.env.OIDC_AUDIENCE;
  return {
    id: 'oidc',
    name: oidcProviderName(),
    type: 'oauth',
    wellKnown: `${issuer}/.well-known/openid-configuration`,
    clientId: process.env.OIDC_CLIENT_ID,
    clientSecret: process.env.OIDC_CLIENT_SECRET,
    authorization: { params: { scope: 'openid profile email', ...(audience ? { audience } : {}) } },
    idToken: true,
    checks: ['pkce', 'state'],
    // The handle is chosen here, not taken from the provider (lib/users/service.ts); a
    // profile without a name is named by its username, never by its e-mail.
    profile(profile) {
      // A provider may give the address as the name, which is public here: never kept as one.
      const name = [profile.name, profile.nickname, profile.preferred_username].find((n) => n && !n.includes('@'));
      return {
        id: subjectToUserId(profile.sub),
        name: name ?? 'Envolve member',
        email: profile.email ?? null,
        emailVerified: profile.email_verified === true,
        image: profile.picture ?? null,
      };
    },
  };
}

function credentialsProvider() {
  return CredentialsProvider({
    id: 'credentials',
    name: 'Email',
    credentials: { email: { label: 'Email', type: 'email' }, password: { label: 'Password', type: 'password' } },
    async authorize(credentials, request) {
      const parsed = signInSchema.safeParse(credentials);
      if (!parsed.success) return null;
      const { email, password } = parsed.data;
      try {
        const ip = clientIp(new Headers(request?.headers as Record<string, string> | undefined));
        const user = await checkSignIn(email, ip, () => verifyLocalCredentials(email, password));
        if (!user) return null;
        return { id: user.id, name: user.name, nickname: user.nickname, email: user.email, image: user.picture };
      } catch (error) {
        // A failure here (the database is down, a malformed stored hash) is a failed
        // sign-in for the person, and a logged error for us; never next-auth's error page.
        logError('auth', error);
        return null;
      }
    },
  });
}

// Following a sign-up's link makes the account and signs in to it (lib/users/sign-up-confirm.ts):
// with the cookie the sign-up left in this browser, or, in another one, the password chosen.
function signUpProvider() {
  return CredentialsProvider({
    id: 'sign-up',
    name: 'Sign-up link',
    credentials: { token: { label: 'Link', type: 'text' }, password: { label: 'Password', type: 'password' } },
    async authorize(credentials, request) {
      const parsed = confirmSignUpSchema.safeParse(credentials);
      if (!parsed.success) return null;
      try {
        const cookie = (request?.headers as Record<string, string> | undefined)?.cookie ?? null;
        const user = await confirmSignUp({ ...parsed.data, proof: signUpProofFrom(cookie) });
        if (!user) return null;
        return { id: user.id, name: user.name, nickname: user.nickname, email: user.email, image: user.picture };
      } catch (error) {
        logError('auth', error);
        return null;
      }
    },
  });
}

const callbacks: NextAuthOptions['callbacks'] = {
  async signIn({ user, account }) {
    if (account?.provider === 'oidc') {
      await upsertOidcUser({
        id: user.id,
        email: user.email ?? null,
        emailVerified: user.emailVerified === true,
        name: user.name ?? 'Envolve member',
        picture: user.image ?? null,
      });
    }
    return true;
  },
  async jwt({ token, user }) {
    if (user) {
      // Who they are here (their handle above all) is the account's, not the provider's.
      const account = await getAccountUser(user.id);
      token.sub = user.id;
      token.name = account?.name ?? user.name;
      token.nickname = account?.nickname ?? user.name;
      token.picture = account?.picture ?? user.image;
      token.email = account?.email ?? user.email;
      // The session belongs to the account's current version; signing out or a new
      // password raises it, which ends this session too (lib/auth/viewer.ts).
      token.sv = account?.sessionVersion ?? 0;
      return token;
    }
    // next-auth's own session endpoint reads the cookie through here: a session that has
    // ended answers as no session, and next-auth clears its cookie.
    if (!(await isSessionCurrent(token))) throw new SessionEndedError();
    return token;
  },
  session({ session, token }) {
    session.user = {
      sub: token.sub ?? '',
      name: token.name ?? '',
      nickname: token.nickname ?? token.name ?? '',
      picture: token.picture ?? null,
      email: token.email ?? null,
    };
    return session;
  },
  // Every redirect next-auth makes (after sign-in, sign-out, an error) stays on this site.
  redirect({ url, baseUrl }) {
    return safeRedirectUrl(url, baseUrl);
  },
};

/** Thrown for a token whose session has ended: next-auth then answers no session and clears the cookie. */
class SessionEndedError extends Error {
  constructor() {
    super('The session has ended.');
    this.name = 'SessionEndedError';
  }
}

// Whether the account still holds the session version the token was issued under. A
// database that cannot answer does not sign everyone out: the session reads as current,
// and the app's own requests (lib/auth/viewer.ts), which need the database anyway, fail.
async function isSessionCurrent(token: { sub?: unknown; sv?: unknown }): Promise<boolean> {
  if (typeof token.sub !== 'string' || !token.sub) return false;
  try {
    return (await getSessionVersion(token.sub)) === sessionVersionOf(token);
  } catch (error) {
    logError('auth', error, { reason: 'could not read the session version' });
    return true;
  }
}

const authLogger: NextAuthOptions['logger'] = {
  error(code, metadata) {
    // An ended session, or a cookie that does not decode (forged, or signed with an old
    // secret), is what visitors send, not a fault of ours.
    if (code === 'JWT_SESSION_ERROR') {
      const ended = metadata instanceof SessionEndedError;
      logger.info(
        { scope: 'next-auth', code },
        ended ? 'an ended session was refused' : 'a session cookie was refused',
      );
      return;
    }
    const error =
      metadata instanceof Error ? metadata : ((metadata as { error?: unknown } | undefined)?.error ?? new Error(code));
    logError('next-auth', error, { code });
  },
  warn(code) {
    logWarn('next-auth', `next-auth warning ${code}`, { code });
  },
  // next-auth calls this whatever its `debug` option; pino writes it only at LOG_LEVEL=debug.
  debug(code, metadata) {
    logger.debug({ scope: 'next-auth', code, metadata }, `next-auth ${code}`);
  },
};

export function getAuthOptions(): NextAuthOptions {
  return {
    secret: getAuthSecret(),
    session: { strategy: 'jwt', maxAge: 30 * 24 * 60 * 60 },
    pages: { signIn: '/login', error: '/login' },
    providers: [credentialsProvider(), signUpProvider(), ...(isOidcConfigured() ? [oidcProvider()] : [])],
    callbacks,
    events: {
      // Signing out ends the account's sessions on every device, not only this cookie.
      async signOut({ token }) {
        if (typeof token?.sub !== 'string' || !token.sub) return;
        await endAllSessions(token.sub, sessionVersionOf(token));
      },
    },
    logger: authLogger,
  };
}

/** The version a session was issued under; sessions from before versions existed carry none (0). */
export function sessionVersionOf(token: { sv?: unknown } | null | undefined): number {
  return typeof token?.sv === 'number' && Number.isInteger(token.sv) ? token.sv : 0;
}
