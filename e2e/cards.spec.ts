import { expect, test, type Page } from '@playwright/test';

// Explore's cards are links drawn on the server: crawlers follow them, a visitor can open
// one in a new tab or copy its address, and a plain click opens the offer over the list.

const firstCard = (page: Page) => page.getByTestId('offer-card').first();

const linksIn = (html: string) => ({
  offers: html.match(/<a class="offer-card-open"[^>]* href="\/envolvement\/[0-9a-f-]{36}"/g) ?? [],
  creators: html.match(/<a class="offer-card-creator" href="\/@[^"]+"/g) ?? [],
});

test('Explore arrives with its first cards as links to their pages and creators’, and every row’s “See all”', async ({
  request,
}) => {
  // The default view draws the first two rows' first four cards; every row links to all of its category.
  const html = await (await request.get('/explore')).text();
  const { offers, creators } = linksIn(html);
  expect(offers).toHaveLength(8);
  expect(creators).toHaveLength(offers.length);
  const rows = html.match(/data-testid="category-row"/g) ?? [];
  expect(rows.length).toBeGreaterThan(4);
  expect(html.match(/href="\/explore\?category=[^"]+">See all/g)).toHaveLength(rows.length);
  // A list of everything draws its first twelve, and reads the next as it scrolls.
  const grid = linksIn(await (await request.get('/explore?view=all')).text());
  expect(grid.offers).toHaveLength(12);
  expect(grid.creators).toHaveLength(12);
});

test('a row reads the rest of its cards when it is reached, and the rows below as they come near', async ({ page }) => {
  await page.goto('/explore');
  const rows = page.getByTestId('category-row');
  const first = rows.first();
  await expect(first.getByTestId('offer-card')).toHaveCount(4);
  // Reaching for the row (here its arrow) reads the rest, which the arrow then scrolls to.
  await first.getByRole('button', { name: /^Scroll .+ right$/ }).click();
  await expect.poll(() => first.getByTestId('offer-card').count()).toBeGreaterThan(4);
  // A row the page did not draw holds placeholders until it comes near the screen.
  const last = rows.last();
  await expect(last.getByTestId('offer-card')).toHaveCount(0);
  await expect(last.getByTestId('card-placeholder').first()).toBeAttached();
  await last.scrollIntoViewIfNeeded();
  await expect(last.getByTestId('offer-card').first()).toBeVisible();
  await expect(last.getByTestId('card-placeholder')).toHaveCount(0);
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
  await expect(page).toHaveURL(/\/@[^/]+$/);
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
