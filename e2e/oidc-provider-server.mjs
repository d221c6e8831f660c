// The browser tests' OpenID provider: oidc-provider (a certified implementation) with one
// client registered for the app and one account, so sign-in through /login's provider
// button runs the real authorization code flow with PKCE, on this machine.
import Provider from 'oidc-provider';
import { OIDC_ACCOUNT, OIDC_CLIENT } from './oidc-account.mjs';

const port = Number(process.env.OIDC_PORT ?? 12112);
const appUrl = process.env.OIDC_APP_URL ?? 'http://localhost:3100';

const provider = new Provider(`http://127.0.0.1:${port}`, {
  clients: [
    {
      client_id: OIDC_CLIENT.id,
      client_secret: OIDC_CLIENT.secret,
      redirect_uris: [`${appUrl}/api/auth/callback/oidc`],
      grant_types: ['authorization_code'],
      response_types: ['code'],
    },
  ],
  claims: {
    openid: ['sub'],
    profile: ['name', 'nickname', 'preferred_username', 'picture'],
    email: ['email', 'email_verified'],
  },
  // The app reads the profile from the ID token, as it does with Auth0.
  conformIdTokenClaims: false,
  // Any login name signs in as the one account.
  findAccount: (_ctx, id) => ({ accountId: id, claims: () => ({ ...OIDC_ACCOUNT }) }),
  features: { devInteractions: { enabled: true } },
  cookies: { keys: ['envolve-e2e-oidc'] },
});

provider.listen(port, '127.0.0.1', () => console.log(`OpenID provider on http://127.0.0.1:${port}`));
