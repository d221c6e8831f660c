import 'server-only';
import type { NextAuthOptions } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import type { OAuthConfig } from 'next-auth/providers/oauth';
import { signInSchema } from '@/lib/validation/auth';
import { upsertOidcUser, verifyLocalCredentials } from '@/lib/users/service';
import { getAuthSecret } from './secret';
import './types';

type OidcProfile = {
  sub: string;
  name?: string;
  nickname?: string;
  preferred_username?: string;
  email?: string;
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
    profile(profile) {
      const email = profile.email ?? null;
      const nickname = profile.nickname ?? profile.preferred_username ?? email?.split('@')[0] ?? profile.sub;
      return {
        id: subjectToUserId(profile.sub),
        name: profile.name ?? nickname,
        nickname,
        email,
        image: profile.picture ?? null,
      };
    },
  };
}

export function getAuthOptions(): NextAuthOptions {
  return {
    secret: getAuthSecret(),
    session: { strategy: 'jwt', maxAge: 30 * 24 * 60 * 60 },
    pages: { signIn: '/login', error: '/login' },
    providers: [
      CredentialsProvider({
        id: 'credentials',
        name: 'Email',
        credentials: { email: { label: 'Email', type: 'email' }, password: { label: 'Password', type: 'password' } },
        async authorize(credentials) {
          const parsed = signInSchema.safeParse(credentials);
          if (!parsed.success) return null;
          const user = await verifyLocalCredentials(parsed.data.email, parsed.data.password);
          if (!user) return null;
          return { id: user.id, name: user.name, nickname: user.nickname, email: user.email, image: user.picture };
        },
      }),
      ...(isOidcConfigured() ? [oidcProvider()] : []),
    ],
    callbacks: {
      async signIn({ user, account }) {
        if (account?.provider === 'oidc') {
          await upsertOidcUser({
            id: user.id,
            email: user.email ?? null,
            name: user.name ?? user.nickname ?? 'Envolve user',
            nickname: user.nickname ?? user.name ?? 'user',
            picture: user.image ?? null,
          });
        }
        return true;
      },
      async jwt({ token, user }) {
        if (user) {
          token.sub = user.id;
          token.name = user.name;
          token.nickname = user.nickname ?? user.name;
          token.picture = user.image;
          token.email = user.email;
        }
        return token;
      },
      async session({ session, token }) {
        session.user = {
          sub: token.sub ?? '',
          name: token.name ?? '',
          nickname: token.nickname ?? token.name ?? '',
          picture: token.picture ?? null,
          email: token.email ?? null,
        };
        return session;
      },
    },
  };
}
