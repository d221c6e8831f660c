import { expect, test } from '@playwright/test';
import { pngBytes } from '../tests/fixtures/images';
import { storageState } from './demo-accounts';
import { expectPriceField, fillLimitedQuantity, openListed, openTab } from './helpers';

const title = `Puppet show ${Date.now()}`;

test.describe.serial('a creator publishes, updates, edits and deletes an envolvement', () => {
  // Its public page; while it is a draft its creator opens it at `${detailUrl}/private`.
  let detailUrl = '';

  test.describe('as the creator', () => {
    test.use({ storageState: storageState('creator') });

    test('goes through the wizard with a cover image', async ({ page, browser }) => {
      await page.goto('/create');
      await expect(page.getByText('Step 1 of 4')).toBeVisible();
      const next = page.getByRole('button', { name: 'Next' });
      await expect(next).toBeDisabled();
      // A disabled Next says what the step still needs, and is described by it.
      const hint = 'Add a title, a preview text and at least one category to continue.';
      await expect(page.getByText(hint)).toBeVisible();
      await expect(next).toHaveAccessibleDescription(hint);
      await page.getByLabel('Title').fill(title);
      await page.getByLabel('Title').press('Enter'); // must not submit
      await page.getByLabel('Preview text').fill('Tiny puppets act out your stories live.');
      await page.getByLabel('Description').fill('Send a story; the puppets perform it on stream.');
      await page
        .getByLabel('Cover image')
        .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: pngBytes([200, 60, 120]) });
      await expect(page.getByRole('button', { name: 'Change Image' })).toBeVisible();
      await expect(page.getByText(/cover\.png \(0\.00 MB\)/)).toBeVisible();
      await page.getByRole('button', { name: 'Livestreamed' }).click();
      await page.getByRole('button', { name: 'Art' }).click();
      await page.getByRole('button', { name: 'Show Preview' }).click();
      await expect(page.getByRole('tab', { name: 'Thumbnail' })).toBeVisible();
      await expect(next).toBeEnabled();
      await next.click();

      await expect(page.getByText('Step 2 of 4')).toBeVisible();
      // Focus follows the step to its heading, so the change is announced.
      await expect(page.getByRole('heading', { name: 'Pricing & Availability' })).toBeFocused();
      await expectPriceField(page);
      await fillLimitedQuantity(page, 20);
      await next.click();

      await expect(page.getByText('Step 3 of 4')).toBeVisible();
      await next.click();
      await expect(page.getByText('Step 4 of 4')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Envolvement Settings' })).toBeFocused();
      // Comments start on (the spec states no default).
      await expect(page.getByRole('switch', { name: 'Comments' })).toBeChecked();
      await page.getByRole('button', { name: 'Create' }).click();
      await expect(page.getByText('Envolvement created successfully!')).toBeVisible();
      await expect(page.getByText('It is a draft: only you can see it until you publish it.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Publish now' })).toBeVisible();
      const link = page.getByRole('link', { name: 'View your envolvement' });
      const draftUrl = (await link.getAttribute('href'))!;
      expect(draftUrl).toMatch(/^\/envolvement\/[0-9a-f-]{36}\/private$/);
      detailUrl = draftUrl.replace(/\/private$/, '');
      // The form is reset for the next one.
      await expect(page.getByText('Step 1 of 4')).toBeVisible();
      await expect(page.getByLabel('Title')).toHaveValue('');
      await link.click();
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
      await expect(page.getByTestId('offer-status').first()).toHaveText('Draft');
      await expect(page.getByRole('button', { name: 'Publish', exact: true })).toBeVisible();
      await expect(page.getByTestId('spots-left')).toHaveText('20 of 20 spots left');
      // Nobody else finds a draft, even by its address; its creator is offered its private page.
      const other = await browser.newContext({ storageState: storageState('buyer') });
      const stranger = await other.newPage();
      for (const url of [detailUrl, draftUrl]) expect((await stranger.goto(url))?.status()).toBe(404);
      await other.close();
      expect((await page.goto(detailUrl))?.status()).toBe(404);
      await page.getByRole('link', { name: 'Open it' }).click();
      await page.waitForURL(`**${draftUrl}`);
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
    });

    test('posts an update and edits the title', async ({ page }) => {
      await page.goto(`${detailUrl}/private`);
      await expect(page.getByText('Be the first to post an update about this envolvement.')).toBeVisible();
      await page.getByRole('button', { name: 'Post Update' }).click();
      await page.getByRole('button', { name: 'Post Update' }).click();
      await expect(page.getByText('Title is required')).toBeVisible();
      await page.getByLabel('Title').fill('First show on Friday');
      await page.getByLabel('Description').fill('Stories are open until Thursday.');
      await page.getByRole('button', { name: 'Post Update' }).click();
      await expect(page.getByTestId('activity-post')).toContainText('First show on Friday');

      await page.getByRole('button', { name: 'Edit' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Envolvement' });
      await dialog.getByLabel('Title').fill(`${title} (edited)`);
      await dialog.getByRole('switch', { name: 'Active', exact: true }).click();
      // Turning submissions on opens them first, with the chosen types.
      await dialog.getByRole('switch', { name: 'Submissions Active' }).click();
      await dialog.getByLabel('Allow Description Submissions').check();
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await expect(page.getByRole('heading', { name: `${title} (edited)` })).toBeVisible();
      await expect(page.getByText('ACTIVE', { exact: true })).toBeVisible();
      await openTab(page, 'Submissions');
      await expect(page.getByText('Current Submissions:')).toBeVisible();
    });
  });

  test.describe('as another user', () => {
    test.use({ storageState: storageState('buyer') });

    test('sees no Edit or Delete, and finds it on Explore by search and by category', async ({ page }) => {
      await page.goto(detailUrl);
      await expect(page.getByRole('heading', { name: `${title} (edited)` })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
      await expect(page.getByText('Purchase Required')).toBeVisible();

      await page.goto('/explore');
      await page.getByRole('searchbox', { name: 'Search for envolvements' }).fill('puppet show');
      await page.getByRole('searchbox', { name: 'Search for envolvements' }).press('Enter');
      await expect(page.getByText(/All Envolvements \(\d+\)/)).toBeVisible();
      await expect(page.getByTestId('offer-card').filter({ hasText: `${title} (edited)` })).toBeVisible();

      await page.goto('/explore');
      await page.getByRole('link', { name: 'Livestreamed' }).click();
      await expect(page).toHaveURL(/category=Livestreamed/);
      // A list cached before the edit may be served once more as it was.
      const card = await openListed(page, '/explore?category=Livestreamed', `${title} (edited)`);
      await card.click();
      const dialog = page.getByRole('dialog');
      // A free one is joined in one click from the dialog itself.
      await expect(dialog.getByRole('button', { name: 'Join for Free' })).toBeEnabled();
      await expect(dialog.getByRole('link', { name: 'View Details' })).toBeVisible();
    });
  });

  test.describe('as the creator again', () => {
    test.use({ storageState: storageState('creator') });

    test('deletes it and lands on the profile', async ({ page }) => {
      await page.goto(detailUrl);
      await page.getByRole('button', { name: 'Delete' }).click();
      await expect(
        page.getByText('Are you sure you want to delete this envolvement? This action cannot be undone.'),
      ).toBeVisible();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await page.waitForURL('**/profile?deleted=deleted');
      await expect(page.getByRole('status').filter({ hasText: 'Your envolvement was deleted.' })).toBeVisible();
      await page.goto(detailUrl);
      await expect(page.getByText('Envolvement Not Found')).toBeVisible();
    });
  });
});

test.describe('visitors', () => {
  test('read the public part and meet the Access Required panel only over the member tabs', async ({
    page,
    request,
  }) => {
    const list = await request.get('/api/post/pull?limit=1');
    const [listed] = (await list.json()).items;
    // A list's cards carry no description: the envolvement itself has it.
    const first = await (await request.get(`/api/post/${listed._id}`)).json();
    await page.goto(`/envolvement/${first._id}`);
    await expect(page.getByRole('heading', { name: first.title })).toBeVisible();
    // The page's own text comes first: a card under "More from" may share its preview.
    await expect(page.getByText(first.description || first.previewText).first()).toBeVisible();
    await expect(page.getByText('Access Required')).toBeVisible();
    await expect(page.getByText('Please sign in to view the activity of this Envolvement')).toBeVisible();
    await expect(page.getByTestId('lock-panel').getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByTestId('join-bar').getByRole('link', { name: 'Sign in to join' })).toHaveAttribute(
      'href',
      `/login?callbackUrl=${encodeURIComponent(`/payment/${first._id}`)}`,
    );
  });

  test('browse Explore signed out, and are asked to sign in on Create', async ({ page }) => {
    await page.goto('/explore');
    await expect(page.getByRole('heading', { name: 'Discover Your Next Envolvement' })).toBeVisible();
    await expect(page.getByTestId('offer-card').first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create Your Own Envolvement' })).toHaveCount(0);
    await page.goto('/create');
    await expect(page.getByText('Authentication Required')).toBeVisible();
    await expect(page.getByText('Please sign in to create an envolvement.')).toBeVisible();
  });
});
