import { expect, test } from '@playwright/test';
import { OIDC_ACCOUNT, OIDC_CLIENT } from './oidc-account.mjs';

// Signing in with a hosted provider, against a real OpenID provider run for the tests
// (oidc-provider): the authorization code flow with PKCE, from /login's button and back.
test.use({ storageState: { cookies: [], origins: [] } });

// The handle is made from the name (the person may change it); the provider's address,
// which it says it checked, counts as confirmed.
const HANDLE = 'olive_provider';

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
  await expect(page.getByTestId('profile-handle')).toHaveText(`@${HANDLE}`);
  await expect(page.getByRole('heading', { name: OIDC_ACCOUNT.name, level: 1 })).toBeVisible();
  // The session is the app's own: the API knows who this is.
  const session = await page.request.get('/api/auth/session');
  expect((await session.json()).user).toMatchObject({
    sub: `oidc|${OIDC_ACCOUNT.sub}`,
    nickname: HANDLE,
    email: OIDC_ACCOUNT.email,
  });
  await page.goto('/account');
  const email = page.getByRole('region', { name: 'E-mail address' });
  await expect(email).toContainText(OIDC_ACCOUNT.email);
  await expect(email.getByText('Confirmed', { exact: true })).toBeVisible();
});
