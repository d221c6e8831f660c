import { expect, test } from '@playwright/test';
import { storageState } from './demo-accounts';
import { openTab } from './helpers';
import { latestMail, linkIn } from './mail';

test.describe('signed out', () => {
  test('top bar offers Sign in and no profile or create link', async ({ page }) => {
    await page.goto('/about-us');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Create an envolvement' })).toHaveCount(0);
    await expect(page.getByTestId('top-bar-profile')).toHaveCount(0);
  });

  test('the top bar search sends trimmed text to Explore and ignores blank text', async ({ page }) => {
    await page.goto('/features');
    const search = page.getByRole('combobox', { name: 'Search envolvements' });
    await search.fill('   ');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/features$/);
    await search.fill('  music night ');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/explore\?q=music(%20|\+| )night$/);
  });

  test('unknown paths show the not-found page with a link home', async ({ page }) => {
    const response = await page.goto('/this-page-does-not-exist');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('404', { exact: true })).toBeVisible();
    await expect(page.getByText("Sorry, we couldn't find this page.")).toBeVisible();
    await page.getByRole('link', { name: 'Back to the homepage' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the side menu is open on desktop and collapses to icons', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/contact-us');
    const menu = page.getByTestId('side-menu');
    await expect(menu.getByText('Explore')).toBeVisible();
    expect((await menu.boundingBox())?.width).toBeCloseTo(288, 0); // 18rem
    await page.getByRole('button', { name: 'Collapse menu' }).click();
    await expect(menu.getByText('Explore')).toBeHidden();
    await expect.poll(async () => (await menu.boundingBox())?.width).toBeCloseTo(64, 0); // 4rem
    await page.getByRole('button', { name: 'Expand menu' }).click();
    await expect(menu.getByText('Explore')).toBeVisible();
  });

  test('a phone shows a menu button instead of the side menu', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/contact-us');
    await expect(page.getByTestId('side-menu')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Menu', exact: true })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Search envolvements' })).toBeHidden();
  });
});

test('sign up, confirm the address, sign out and sign in again through /login', async ({ page }) => {
  const email = `newcomer-${Date.now()}@example.com`;
  await page.goto('/login');
  await openTab(page, 'Sign up');
  await page.getByLabel('Name').fill('Alexandria Newcomer');
  // The handle is suggested from the name, never from the address.
  await expect(page.getByLabel('Handle')).toHaveValue('alexandria_newcomer');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Password must be at least 8 characters').first()).toBeVisible();

  await page.getByLabel('Handle').fill('admin');
  await page.getByLabel('Password').fill('a-good-password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('That handle is reserved. Please choose another.')).toBeVisible();
  await page.getByLabel('Handle').fill(`alexandria_${Date.now() % 100000}`);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Check your inbox')).toBeVisible();

  // The link, opened in the browser that signed up, makes the account and signs it in.
  const mail = await latestMail(page.request, email, 'Confirm your e-mail address');
  await page.goto(linkIn(mail, '/sign-up/confirm?token='));
  await page.waitForURL('**/profile');
  // Names over 12 characters are cut in the top bar.
  await expect(page.getByTestId('top-bar-profile')).toContainText('Alexandria N...');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Create an envolvement' })).toBeVisible();

  // Another tab of the same browser, open on a page served from the cache.
  const otherTab = await page.context().newPage();
  await otherTab.goto('/explore');
  await expect(otherTab.getByTestId('top-bar-profile')).toContainText('Alexandria N...');

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
  // The other tab learns of it when it is shown again.
  await otherTab.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect(otherTab.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(otherTab.getByTestId('top-bar-profile')).toBeHidden();
  await otherTab.close();

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Invalid email or password.')).toBeVisible();
  await page.getByLabel('Password').fill('a-good-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/profile');
  await expect(page.getByTestId('top-bar-profile')).toContainText('Alexandria N...');
});

test.describe('signed in', () => {
  test.use({ storageState: storageState('creator') });

  test('top bar shows the avatar, the name and the create link', async ({ page }) => {
    await page.goto('/about-us');
    await expect(page.getByTestId('top-bar-profile')).toContainText('Maya Chen');
    await expect(page.getByTestId('top-bar-profile')).toHaveAttribute('href', '/profile');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Create an envolvement' })).toHaveAttribute(
      'href',
      '/create',
    );
  });
});
