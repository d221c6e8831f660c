import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { ACCOUNTS, DEMO_PASSWORD } from '../e2e/demo-accounts';

// `npm run dev` as a newcomer first meets it, driven through the screens that open popups.
// React runs every effect twice in development: once, that closed every dialog within 20 ms
// of opening it, and only the production build was tested. So each popup must still be open
// a second after it opened, and close as in production: Escape, the backdrop, its buttons,
// focus back on what opened it, and the page behind it still while it is open.

function pageScrollLocked(page: Page): Promise<boolean> {
  return page.evaluate(() => getComputedStyle(document.documentElement).overflow === 'hidden');
}

/**
 * Resolves once React has taken over the page: the top bar asks who is signed in from the
 * browser, so its placeholder goes only then. Until that, a page drawn on the server answers
 * no click, and the first visit of a route in development takes a while to get there.
 */
async function hydrated(page: Page): Promise<void> {
  await expect(page.getByTestId('top-bar-skeleton')).toHaveCount(0, { timeout: 90_000 });
}

/**
 * Opens `popup` and checks that it is still open a second later, with the page behind it
 * still. A part of the page that streams in later may take its clicks later still: the
 * click is repeated until the popup shows.
 */
async function openAndHold(page: Page, opener: Locator, popup: Locator): Promise<void> {
  await hydrated(page);
  await expect(async () => {
    await opener.click();
    await expect(popup).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 60_000 });
  await page.waitForTimeout(1_000);
  await expect(popup).toBeVisible({ timeout: 1_000 });
  expect(await pageScrollLocked(page)).toBe(true);
}

async function expectClosed(page: Page, popup: Locator, opener: Locator): Promise<void> {
  await expect(popup).toBeHidden();
  await expect(opener).toBeFocused();
  expect(await pageScrollLocked(page)).toBe(false);
}

async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await hydrated(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/profile', { timeout: 90_000 });
}

async function signedInPage(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email);
  return page;
}

/** The card's own control, which opens its offer dialog. */
const cardOpener = (card: Locator) => card.locator('a[data-offer-dialog]');

test('an offer opened from an Explore card stays open; Escape closes it', async ({ page }) => {
  await page.goto('/explore');
  const opener = cardOpener(page.getByTestId('offer-card').first());
  const dialog = page.getByRole('dialog');
  await openAndHold(page, opener, dialog);
  await expect(dialog.getByRole('link', { name: 'View Details' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expectClosed(page, dialog, opener);
});

test('the phone menu at 360 px stays open; its scrim closes it', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/explore');
  const opener = page.getByRole('button', { name: 'Menu', exact: true });
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await openAndHold(page, opener, drawer);
  await expect(drawer.getByRole('link', { name: 'Explore' })).toBeVisible();
  // The scrim is the part of the screen right of the 288 px panel.
  await page.mouse.click(340, 400);
  await expectClosed(page, drawer, opener);
});

test('opened at 127.0.0.1 instead of localhost, the pages still come alive', async ({ page, baseURL }) => {
  const loopback = new URL(baseURL!);
  loopback.hostname = '127.0.0.1';
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(new URL('/explore', loopback).toString());
  const opener = page.getByRole('button', { name: 'Menu', exact: true });
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await openAndHold(page, opener, drawer);
  await expect(drawer.getByRole('link', { name: 'Explore' })).toBeVisible();
});

test('a creator opens Edit and Delete on an envolvement of theirs, and cancels both', async ({ browser }) => {
  const page = await signedInPage(browser, ACCOUNTS.creator.email);
  const card = page.getByTestId('offer-card').filter({ hasText: 'Songwriting Q&A' });
  await openAndHold(page, cardOpener(card), page.getByRole('dialog'));
  await page.getByRole('dialog').getByRole('link', { name: 'View Details' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Songwriting Q&A' })).toBeVisible();

  const edit = page.getByRole('button', { name: 'Edit', exact: true });
  const editDialog = page.getByRole('dialog', { name: 'Edit Envolvement' });
  await openAndHold(page, edit, editDialog);
  await expect(editDialog.getByLabel('Title')).toHaveValue('Songwriting Q&A');
  await editDialog.getByRole('button', { name: 'Cancel' }).click();
  await expectClosed(page, editDialog, edit);

  const remove = page.getByRole('button', { name: 'Delete', exact: true });
  const deleteDialog = page.getByRole('dialog', { name: 'Delete Envolvement' });
  await openAndHold(page, remove, deleteDialog);
  await deleteDialog.getByRole('button', { name: 'Cancel' }).click();
  await expectClosed(page, deleteDialog, remove);
  await expect(page.getByRole('heading', { level: 1, name: 'Songwriting Q&A' })).toBeVisible();
});

// The second step needs the envolvement the first one publishes.
test.describe.serial('a creator publishes an envolvement, another user joins it', () => {
  const title = `Dev smoke picnic ${Date.now().toString(36)}`;

  test('the creator goes through the four steps and publishes', async ({ browser }) => {
    const page = await signedInPage(browser, ACCOUNTS.creator.email);
    await page.goto('/create');
    await hydrated(page);
    const next = page.getByRole('button', { name: 'Next', exact: true });
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Preview text').fill('Bring a blanket: we share food and songs in the park.');
    await page.getByLabel('Description').fill('An afternoon picnic with live acoustic music.');
    await page.getByRole('button', { name: 'Music', exact: true }).click();
    for (const step of [2, 3, 4]) {
      await next.click();
      await expect(page.getByText(`Step ${step} of 4`)).toBeVisible();
    }
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByRole('button', { name: 'Publish now' }).click();
    const published = page.getByText('Published: everyone can find it in Explore now.');
    await expect(published).toBeVisible();
    await page.waitForTimeout(1_000);
    await expect(published).toBeVisible({ timeout: 1_000 });
  });

  test('another user joins it for free from its offer dialog', async ({ browser }) => {
    const page = await signedInPage(browser, ACCOUNTS.buyer.email);
    await page.goto(`/explore?q=${encodeURIComponent(title)}`);
    const card = page.getByTestId('offer-card').filter({ hasText: title });
    const dialog = page.getByRole('dialog');
    await openAndHold(page, cardOpener(card), dialog);
    // One click in the dialog joins; its link leads to the welcome on the envolvement's page.
    await dialog.getByRole('button', { name: 'Join for Free' }).click();
    await expect(dialog.getByTestId('joined-status')).toHaveText("You're in! Welcome aboard.");
    await dialog.getByRole('link', { name: 'See your welcome' }).click();
    await page.waitForURL(/\/envolvement\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('welcome-panel')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Activity' })).toBeVisible();
    await expect(page.getByTestId('lock-panel')).toHaveCount(0);
  });
});
