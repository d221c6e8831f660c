import { expect, test as setup } from '@playwright/test';
import { ACCOUNTS, DEMO_PASSWORD, storageState, type Role } from './demo-accounts';

// Signs each demo role in once through the real sign-in page and keeps its cookies.
for (const role of Object.keys(ACCOUNTS) as Role[]) {
  setup(`sign in as ${role}`, async ({ page }) => {
    const account = ACCOUNTS[role];
    await page.goto('/login');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/profile');
    await expect(page.getByTestId('top-bar-profile')).toBeVisible();
    await page.context().storageState({ path: storageState(role) });
  });
}
