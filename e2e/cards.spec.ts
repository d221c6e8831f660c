import { expect, test, type Page } from '@playwright/test';

// Explore's cards are links drawn on the server: crawlers follow them, a visitor can open
// one in a new tab or copy its address, and a plain click opens the offer over the list.

const firstCard = (page: Page) => page.getByTestId('offer-card').first();

test('Explore arrives with every card as a link to its page and its creator’s', async ({ request }) => {
  const html = await (await request.get('/explore')).text();
  const offers = html.match(/<a class="offer-card-open"[^>]* href="\/envolvement\/[0-9a-f-]{36}"/g) ?? [];
  const creators = html.match(/<a class="offer-card-creator" href="\/profile\/[^"]+"/g) ?? [];
  expect(offers.length).toBeGreaterThan(10);
  expect(creators.length).toBe(offers.length);
});

test('a card opens in a new tab by middle click or Ctrl+click, and in a dialog by a plain click', async ({
  page,
  context,
}) => {
  await page.goto('/explore');
  const link = firstCard(page).locator('a.offer-card-open');
  const href = (await link.getAttribute('href'))!;
  expect(href).toMatch(/^\/envolvement\/[0-9a-f-]{36}$/);

  for (const click of [{ button: 'middle' as const }, { modifiers: ['ControlOrMeta' as const] }]) {
    const [tab] = await Promise.all([context.waitForEvent('page'), link.click(click)]);
    // A new tab is blank until its navigation commits.
    await expect(tab).toHaveURL(new RegExp(`${href}$`));
    await tab.close();
    await expect(page).toHaveURL(/\/explore$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }

  const title = (await link.textContent())!.trim();
  await link.click();
  await expect(page.getByRole('dialog', { name: title }).getByRole('link', { name: 'View Details' })).toBeVisible();
  await expect(page).toHaveURL(/\/explore$/);
  await page.keyboard.press('Escape');
  await expect(link).toBeFocused();
});

test('the creator’s name on a card opens their profile', async ({ page }) => {
  await page.goto('/explore');
  const creator = firstCard(page).locator('a.offer-card-creator');
  const name = (await creator.textContent())!.trim();
  await creator.click();
  await expect(page).toHaveURL(/\/profile\/[^/]+$/);
  await expect(page.getByTestId('profile-handle')).toContainText(name);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true });

  test('the offer dialog’s actions are on screen without scrolling', async ({ page }) => {
    await page.goto('/explore');
    await firstCard(page).locator('a.offer-card-open').click();
    const dialog = page.getByRole('dialog');
    const details = dialog.getByRole('link', { name: 'View Details' });
    await expect(details).toBeVisible();
    // The actions' row: View Details and the viewer's action (join, pay, sign in or why not).
    const box = (await details.locator('..').boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(640);
  });
});
