import { expect, test } from '@playwright/test';
import { OIDC_ACCOUNT, OIDC_CLIENT } from './oidc-account.mjs';

// Signing in with a hosted provider, against a real OpenID provider run for the tests
// (oidc-provider): the authorization code flow with PKCE, from /login's button and back.
test.use({ storageState: { cookies: [], origins: [] } });

test('signs in through the OpenID provider and comes back signed in with its profile', async ({ page }) => {
  await page.goto('/login?callbackUrl=/profile');
  await page.getByRole('button', { name: `Continue with ${OIDC_CLIENT.name}` }).click();

  // The provider's own pages: sign in, then allow the app.
  await page.waitForURL(/\/interaction\//);
  await page.locator('input[name="login"]').fill(OIDC_ACCOUNT.sub);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.waitForURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: OIDC_ACCOUNT.nickname })).toBeVisible();
  await expect(page.getByText(OIDC_ACCOUNT.name)).toBeVisible();
  // The session is the app's own: the API knows who this is.
  const session = await page.request.get('/api/auth/session');
  expect((await session.json()).user).toMatchObject({
    sub: `oidc|${OIDC_ACCOUNT.sub}`,
    nickname: OIDC_ACCOUNT.nickname,
    email: OIDC_ACCOUNT.email,
  });
});
