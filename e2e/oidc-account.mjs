// The one account of the browser tests' OpenID provider, and the app's client there.
export const OIDC_ACCOUNT = {
  sub: 'idp-olive',
  name: 'Olive Provider',
  nickname: 'olive',
  email: 'olive@idp.example',
  email_verified: true,
};

export const OIDC_CLIENT = { id: 'envolve-e2e', secret: 'envolve-e2e-secret', name: 'Test ID' };
