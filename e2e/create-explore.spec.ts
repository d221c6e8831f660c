import { expect, test, type Page } from '@playwright/test';
import { pngBytes } from '../tests/fixtures/images';
import { expectPriceField, fillLimitedQuantity, openTab } from './helpers';

test.use({ storageState: 'e2e/.auth/creator.json' });

/** yyyy-mm-dd of a day from today, in the browser's own calendar. */
function dayFromToday(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

const stamp = Date.now().toString(36);
const title = `Kite workshop ${stamp}`;

async function searchExplore(page: Page, text: string) {
  const box = page.getByRole('searchbox', { name: 'Search for envolvements' });
  await box.fill(text);
  await box.press('Enter');
  await page.waitForURL(/\/explore\?q=/);
}

test.describe.serial('a creator publishes through the wizard and finds it on Explore', () => {
  let detailPath = '';

  test('goes through all four steps with a cover image', async ({ page }) => {
    await page.goto('/create');
    await expect(page.getByRole('heading', { name: 'Create New Envolvement' })).toBeVisible();
    await expect(page.getByText('Share your unique experience with the world')).toBeVisible();
    await expect(page.getByText('Step 1 of 4')).toBeVisible();
    const next = page.getByRole('button', { name: 'Next', exact: true });
    await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await expect(next).toBeDisabled();

    // The preview starts with the spec's placeholders.
    await page.getByRole('button', { name: 'Show Preview' }).click();
    const preview = page.getByTestId('wizard-preview');
    await expect(preview.getByText('Your Title')).toBeVisible();
    await expect(preview.getByText('Your preview text will appear here.')).toBeVisible();
    await openTab(preview, 'Detail View');
    await expect(preview.getByText('Your detailed description will appear here.')).toBeVisible();
    await openTab(preview, 'Thumbnail');

    // Step 1: leaving a required field empty says so; Enter in the title does not submit.
    await page.getByLabel('Title').focus();
    await page.getByLabel('Preview text').focus();
    await expect(page.getByText('Title is required')).toBeVisible();
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Title').press('Enter');
    await expect(page.getByText('Step 1 of 4')).toBeVisible();
    await expect(page.getByText('Title is required')).toHaveCount(0);
    await expect(preview.getByText(title)).toBeVisible();
    await page.getByLabel('Preview text').fill('Build and fly a kite with me, live from the beach.');
    await page.getByLabel('Description').fill('We cut, glue and fly a diamond kite together. Bring paper and string.');

    await page.getByLabel('Cover image').setInputFiles({
      name: 'cover.png',
      mimeType: 'image/png',
      buffer: pngBytes([97, 40, 238], { width: 2, height: 2 }),
    });
    await expect(page.getByRole('button', { name: 'Change Image' })).toBeVisible();
    await expect(page.getByText(/cover\.png \(0\.00 MB\)/)).toBeVisible();
    await expect(page.getByText('PNG, JPG, GIF up to 10MB')).toBeVisible();
    await expect(page.getByAltText('Cover preview')).toHaveAttribute('src', /^\/uploads\/|^https:\/\//);

    // At most three categories: the fourth click is ignored.
    for (const name of ['Tutorials', 'Travel', 'Education', 'Gaming']) {
      await page.getByRole('button', { name, exact: true }).click();
    }
    await expect(page.getByRole('button', { name: 'Gaming', exact: true })).toHaveAttribute('aria-pressed', 'false');
    await page.getByRole('button', { name: 'Education', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Education', exact: true })).toHaveAttribute('aria-pressed', 'false');
    await expect(next).toBeEnabled();
    await next.click();

    // Step 2: the price as the creator's payouts allow; quantity capped at 10000.
    await expect(page.getByText('Step 2 of 4')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Pricing & Availability' })).toBeVisible();
    await expectPriceField(page);
    await expect(page.getByLabel('Unlimited')).toBeChecked();
    await fillLimitedQuantity(page, 12);
    await next.click();

    // Step 3: the two dates with their hints; the target cannot precede the end.
    await expect(page.getByText('Step 3 of 4')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Important Dates' })).toBeVisible();
    await expect(page.getByText('When this envolvement will no longer be available')).toBeVisible();
    await expect(page.getByText('When the main activity will occur')).toBeVisible();
    await expect(page.getByLabel('End Date')).toHaveAttribute('min', dayFromToday(0));
    await page.getByLabel('End Date').fill(dayFromToday(10));
    await expect(page.getByLabel('Target Envolvement Date')).toHaveAttribute('min', dayFromToday(10));
    await page.getByLabel('Target Envolvement Date').fill(dayFromToday(20));
    await expect(page.getByLabel('End Date')).toHaveAttribute('max', dayFromToday(20));
    await next.click();

    // Step 4: turning User Submissions off clears what it revealed.
    await expect(page.getByText('Step 4 of 4')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Envolvement Settings' })).toBeVisible();
    const submissions = page.getByRole('switch', { name: 'User Submissions' });
    await submissions.click();
    await page.getByPlaceholder('Explain what users should submit').fill('A photo of your finished kite');
    await page.getByLabel('Pictures').check();
    await submissions.click();
    await expect(page.getByPlaceholder('Explain what users should submit')).toHaveCount(0);
    await submissions.click();
    await expect(page.getByPlaceholder('Explain what users should submit')).toHaveValue('');
    await expect(page.getByLabel('Pictures')).not.toBeChecked();
    await page.getByPlaceholder('Explain what users should submit').fill('A photo of your finished kite');
    await page.getByLabel('Pictures').check();
    await page.getByLabel('Text Description').check();
    await expect(page.getByRole('switch', { name: 'Comments' })).toBeChecked();
    await page.getByRole('switch', { name: 'Published Content' }).click();
    await expect(page.getByLabel('Estimated Release Date')).toBeVisible();

    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page.getByText('Envolvement created and submissions opened successfully!')).toBeVisible();
    await expect(page.getByText('It is a draft: only you can see it until you publish it.')).toBeVisible();
    await page.getByRole('button', { name: 'Publish now' }).click();
    await expect(page.getByText('Published: everyone can find it in Explore now.')).toBeVisible();
    const link = page.getByRole('link', { name: 'View your envolvement' });
    detailPath = (await link.getAttribute('href'))!;
    expect(detailPath).toMatch(/^\/envolvement\/[0-9a-f-]{36}$/);

    // The form is back to its defaults: step 1, empty, free and unlimited.
    await expect(page.getByText('Step 1 of 4')).toBeVisible();
    await expect(page.getByLabel('Title')).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Tutorials', exact: true })).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByRole('button', { name: 'Change Image' })).toHaveCount(0);

    await link.click();
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    // The cover is the page's largest picture: several sizes from the image optimizer, fetched first.
    const cover = page.locator('main img[srcset*="/_next/image?url=%2Fuploads%2F"]').first();
    await expect(cover).toHaveAttribute('fetchpriority', 'high');
    await expect(cover).toHaveAttribute('loading', 'eager');
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  });

  test('finds it on Explore by search and by category', async ({ page }) => {
    await page.goto('/explore');
    await expect(page.getByRole('heading', { name: 'Discover Your Next Envolvement' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create Your Own Envolvement' })).toHaveAttribute('href', '/create');

    await searchExplore(page, `kite workshop ${stamp}`);
    await expect(page.getByText('All Envolvements (1)')).toBeVisible();
    const card = page.getByTestId('offer-card').filter({ hasText: title });
    await expect(card).toBeVisible();
    await expect(card.getByTestId('price-badge')).toHaveText('Free');
    await expect(card.getByTestId('spots')).toHaveText('12 of 12 spots left');
    await expect(card.getByTestId('days-left')).toHaveText(/^(9|10) Days$/);

    await searchExplore(page, `no such thing ${stamp}`);
    await expect(page.getByText('No Envolvements found.')).toBeVisible();
    await page.getByRole('link', { name: 'Back to Categories' }).click();
    await expect(page).toHaveURL(/\/explore$/);

    // Categories are chosen in the URL and combine with each other.
    const chips = page.getByRole('group', { name: 'Filter by category' });
    await chips.getByRole('link', { name: 'Travel', exact: true }).click();
    await expect(page).toHaveURL(/category=Travel/);
    await expect(page.getByTestId('offer-card').filter({ hasText: title })).toBeVisible();
    await expect(chips.getByRole('link', { name: 'Travel', exact: true })).toHaveAttribute('aria-current', 'true');
    await chips.getByRole('link', { name: 'Music', exact: true }).click();
    await expect(page).toHaveURL(/category=Travel&category=Music/);
    await expect(page.getByTestId('offer-card').filter({ hasText: title })).toBeVisible();
    await page.getByRole('link', { name: 'Clear Filters' }).click();
    await expect(page).toHaveURL(/\/explore$/);
    // In a category row a card is as wide on every screen, so its cover comes from the
    // optimizer at that width and twice it. Rows below the first two are read as they come
    // near, and a list cached before the card was published may be served once more as it was.
    const travel = page.getByRole('region', { name: 'Travel', exact: true });
    const rowCover = travel.getByTestId('offer-card').filter({ hasText: title }).locator('img');
    await expect(async () => {
      await page.goto('/explore');
      await travel.scrollIntoViewIfNeeded();
      await expect(rowCover).toBeAttached({ timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    await expect(rowCover).toHaveAttribute('srcset', /^\/_next\/image\?url=%2Fuploads%2F\S+ 1x, \S+ 2x$/);
    await rowCover.scrollIntoViewIfNeeded();
    await expect
      .poll(() => rowCover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);

    await page.goto('/explore?category=Gaming&view=all');
    await expect(page.getByTestId('offer-card').filter({ hasText: title })).toHaveCount(0);

    // Its own creator cannot join it.
    await page.goto(`/explore?category=Tutorials&q=${encodeURIComponent(title)}`);
    await page.getByTestId('offer-card').filter({ hasText: title }).click();
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog.getByRole('button', { name: 'This is your Envolvement' })).toBeDisabled();
    await expect(dialog.getByText('Build and fly a kite with me, live from the beach.')).toHaveCount(0);
    await expect(
      dialog.getByText('We cut, glue and fly a diamond kite together. Bring paper and string.'),
    ).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'View Details' })).toHaveAttribute('href', detailPath);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
  });

  test.afterAll(async ({ browser }, testInfo) => {
    if (!detailPath) return;
    const context = await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      storageState: 'e2e/.auth/creator.json',
    });
    await context.request.delete(`/api/post/${detailPath.split('/').pop()}`);
    await context.close();
  });
});

test.describe('the default Explore view', () => {
  test('shows one scroller per category with arrows and the View All button', async ({ page }) => {
    await page.goto('/explore');
    const rows = page.getByTestId('category-row');
    await expect(rows.first()).toBeVisible();
    const row = rows.first();
    await expect(row.getByRole('button', { name: /left$/ })).toBeDisabled();
    const scroller = row.locator('.snap-x');
    const width = await scroller.evaluate((el) => el.clientWidth);
    if ((await scroller.evaluate((el) => el.scrollWidth)) > width) {
      await row.getByRole('button', { name: /right$/ }).click();
      await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(width / 2);
    }
    // A row further down is drawn, and its arrows measured, once it comes into view.
    const last = rows.last();
    await last.scrollIntoViewIfNeeded();
    await expect
      .poll(() =>
        last.evaluate((row) => {
          const cards = row.querySelector<HTMLElement>('.snap-x')!;
          const right = row.querySelector<HTMLButtonElement>('button[aria-label$="right"]')!;
          return cards.scrollWidth > cards.clientWidth + 1 === !right.disabled;
        }),
      )
      .toBe(true);
    // The page itself never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.getByRole('link', { name: 'View All Envolvements' }).click();
    await expect(page).toHaveURL(/view=all/);
    await expect(page.getByText(/^All Envolvements \(\d+\)$/)).toBeVisible();
  });

  test('while a slow network brings another view, the clicked link is ringed and its skeleton stands in', async ({
    page,
  }) => {
    await page.goto('/explore');
    await expect(page.getByTestId('category-row').first()).toBeVisible();
    // A page served whole shows no skeleton of its own.
    await expect(page.getByTestId('explore-skeleton')).toHaveCount(0);
    // Hold back the next view's payload, as a slow phone network would (prefetches of other
    // pages go through).
    const held: Array<() => void> = [];
    const release = () => held.splice(0).forEach((go) => go());
    await page.route(
      (url) => url.pathname === '/explore' && url.searchParams.has('_rsc'),
      async (route) => {
        if (!route.request().headers()['next-router-prefetch']) await new Promise<void>((go) => held.push(go));
        await route.continue();
      },
    );
    const chips = page.getByRole('group', { name: 'Filter by category' });
    const chip = chips.getByRole('link', { name: 'Art', exact: true });
    await chip.click();
    await expect(chip.locator('[data-pending]')).toHaveCSS('opacity', '1');
    const skeleton = page.getByTestId('explore-skeleton');
    await expect(skeleton.getByRole('status')).toHaveText('Loading...');
    // A filter's grid: twelve skeleton cards, and the category rows gone meanwhile.
    await expect(skeleton.getByTestId('card-skeleton')).toHaveCount(12);
    await expect(page.getByTestId('category-row')).toHaveCount(0);
    release();
    await expect(page).toHaveURL(/category=Art/);
    await expect(page.getByText(/^All Envolvements \(\d+\)$/)).toBeVisible();
    await expect(skeleton).toHaveCount(0);
    await expect(chip).toHaveAttribute('aria-current', 'true');
    await expect(chip.locator('[data-pending]')).toHaveCount(0);

    // Back to the category rows: three rows of four skeleton cards.
    await page.getByRole('link', { name: 'Back to Categories' }).click();
    await expect(skeleton.getByTestId('card-skeleton')).toHaveCount(12);
    await expect(skeleton.locator('.flex > [data-testid="card-skeleton"]:first-child')).toHaveCount(3);
    release();
    await expect(page.getByTestId('category-row').first()).toBeVisible();
    await expect(skeleton).toHaveCount(0);

    // A view given up for another page leaves no skeleton behind for the next visit.
    await chips.getByRole('link', { name: 'Music', exact: true }).click();
    await expect(skeleton).toBeVisible();
    const menu = page.getByRole('navigation', { name: 'Main' });
    await menu.getByRole('link', { name: 'About Us' }).click();
    await expect(page).toHaveURL(/\/about-us$/);
    await menu.getByRole('link', { name: 'Explore' }).click();
    release();
    await expect(page).toHaveURL(/\/explore$/);
    await expect(page.getByTestId('category-row').first()).toBeVisible();
    await expect(skeleton).toHaveCount(0);
  });
});
