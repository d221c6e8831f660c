import { expect, test, type FileChooser } from '@playwright/test';
import zlib from 'node:zlib';
import { storageState } from './demo-accounts';
import { openAs, openTab } from './helpers';

test.describe.serial('the submissions loop', () => {
  let id = '';
  const title = `Name our mascot ${Date.now()}`;

  test('the creator opens submissions with two types', async ({ browser }) => {
    const context = await browser.newContext({ storageState: storageState('creator') });
    const created = await context.request.post('/api/post/new-base-envolvement', {
      data: {
        title,
        previewText: 'Suggest a name for the channel mascot',
        categories: ['Interactive'],
      },
    });
    id = (await created.json()).postedID;
    // Submissions allowed at creation open with it; allowed by an edit, they wait for the creator to open them.
    const activated = await context.request.put(`/api/post/${id}`, {
      data: {
        title,
        previewText: 'Suggest a name for the channel mascot',
        categories: ['Interactive'],
        isActive: true,
        submissions: { submissionsAllowed: true },
      },
    });
    expect(activated.status()).toBe(200);

    const page = await context.newPage();
    await page.goto(`/envolvement/${id}`);
    await openTab(page, 'Submissions');
    await expect(page.getByText('Nothing here yet')).toBeVisible();
    await page.getByRole('button', { name: 'Open Submissions' }).click();
    await expect(page.getByText('Submission Settings')).toBeVisible();
    await page.getByRole('switch', { name: 'Allow Description Submissions' }).click();
    await page.getByRole('switch', { name: 'Allow Url Submissions' }).click();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(
      page.getByText('Submissions opened successfully! Please refresh the page to see changes.'),
    ).toBeVisible();
    // The page refreshes itself into the review board, keeping the message.
    await expect(page.getByText('Current Submissions:')).toBeVisible();
    await expect(
      page.getByText('Submissions opened successfully! Please refresh the page to see changes.'),
    ).toBeVisible();
    await context.close();
  });

  test('a joined user submits text and a link', async ({ browser }) => {
    const { context, page } = await openAs(browser, 'buyer', `/payment/${id}`);
    await page.getByRole('button', { name: 'Join for Free' }).click();
    await page.waitForURL(`**/envolvement/${id}`);
    await openTab(page, 'Submissions');
    await expect(page.getByRole('heading', { name: 'Your Submission' })).toBeVisible();
    await expect(page.getByText('Picture', { exact: true })).toHaveCount(0);
    await page.getByLabel('Description').fill('Sir Fluffington');
    await page.getByLabel('Link').fill('https://example.com/sketch');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Submission uploaded successfully!')).toBeVisible();
    await expect(page.getByTestId('submission-status')).toHaveText('Status: In-Review');
    await context.close();
  });

  test('the creator approves it and saves', async ({ browser }) => {
    const { context, page } = await openAs(browser, 'creator', `/envolvement/${id}`);
    await openTab(page, 'Submissions');
    await expect(page.getByText('Current Submissions:')).toBeVisible();
    await page.getByRole('button', { name: 'Show submission of Sam Rivera' }).click();
    await expect(page.getByText('Sir Fluffington')).toBeVisible();
    await page.getByRole('radio', { name: 'Approved for Sam Rivera' }).check();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Progress updated successfully!')).toBeVisible();
    await context.close();
  });

  test('the submitter sees Approved', async ({ browser }) => {
    const { context, page } = await openAs(browser, 'buyer', `/envolvement/${id}`);
    await openTab(page, 'Submissions');
    await expect(page.getByTestId('submission-status')).toHaveText('Status: Approved');
    await context.close();
  });
});

test.describe('profiles', () => {
  test.use({ storageState: storageState('buyer2') });

  test('another user finds the creator through search and opens the public profile', async ({ page }) => {
    await page.goto('/profile/search');
    const field = page.getByLabel('Search by username');
    await field.fill('ma');
    await expect(page.getByTestId('user-search-results')).toHaveCount(0);
    await field.fill('MAYACR');
    await page.getByRole('option', { name: 'mayacreates' }).click();
    await page.waitForURL('**/@mayacreates');
    await expect(page.getByRole('heading', { name: 'Maya Chen', level: 1 })).toBeVisible();
    await expect(page.getByTestId('profile-handle')).toHaveText('@mayacreates');
    await expect(page.getByRole('heading', { name: 'Envolvements' })).toBeVisible();
    await expect(page.locator('a[href^="/envolvement/"]').first()).toBeVisible();
    await expect(page.getByText('maya@demo.envolve.app')).toHaveCount(0);
    await page.goto('/profile/search');
    await page.getByLabel('Search by username').fill('nobody-like-this');
    await expect(page.getByText('No users found')).toBeVisible();
    await page.goto('/profile/search/nobody-like-this');
    await expect(page.getByText('Sorry, no user can be found.')).toBeVisible();
  });

  test('the owner changes their banner', async ({ page }) => {
    await page.goto('/profile');
    const banner = page.getByTestId('profile-banner-image');
    // The optimizer's address names the stored file, percent-encoded, in its `url` parameter.
    const shown = async () =>
      (await banner.count()) ? decodeURIComponent((await banner.getAttribute('src')) ?? '') : '';
    const before = await shown();
    const png = Buffer.concat([
      Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108020000009077', 'hex'),
      Buffer.from('53de', 'hex'),
      (() => {
        const data = zlib.deflateSync(Buffer.from([0, 10, 200, 90]));
        const len = Buffer.alloc(4);
        len.writeUInt32BE(data.length);
        return Buffer.concat([len, Buffer.from('IDAT'), data, Buffer.alloc(4)]);
      })(),
      Buffer.from('0000000049454e44ae426082', 'hex'),
    ]);
    // As a person does it, through the button's file chooser. The button opens it only once React
    // has taken over the page, which a busy machine can delay: it is pressed until it does.
    let chooser: FileChooser | undefined;
    await expect(async () => {
      const opened = page.waitForEvent('filechooser', { timeout: 1_000 });
      await page.getByRole('button', { name: 'Change banner' }).click();
      chooser = await opened;
    }).toPass();
    await chooser!.setFiles({ name: 'banner.png', mimeType: 'image/png', buffer: png });
    // A new banner replaces whatever was there (the spec may run again on the same data).
    await expect.poll(shown).toMatch(/\/uploads\/banners\/[0-9a-f-]{36}\.png/);
    await expect.poll(shown).not.toBe(before);
  });
});

test.describe("a creator's pages, for visitors", () => {
  test('put ended envolvements under their own heading, and more from the creator on each page', async ({ page }) => {
    await page.goto('/profile/demo-ines');
    const ended = page.getByTestId('ended-envolvements');
    await expect(ended.getByRole('heading', { name: 'Ended', level: 2 })).toBeVisible();
    await expect(ended.getByTestId('offer-card').filter({ hasText: 'Archived: spring sketchbook swap' })).toBeVisible();
    await expect(ended.getByText('Zine collaboration')).toHaveCount(0);
    await page.getByRole('link', { name: 'Zine collaboration' }).click();
    await expect(page.getByRole('heading', { name: 'Zine collaboration', level: 1 })).toBeVisible();
    const more = page.getByTestId('more-from-creator');
    await expect(more.getByRole('link', { name: 'More from @inesdraws' })).toHaveAttribute('href', '/@inesdraws');
    await expect(more.getByTestId('offer-card').filter({ hasText: 'Ink drawing fundamentals' })).toBeVisible();
    await expect(more.getByText('Zine collaboration')).toHaveCount(0);
    await expect(more.getByText('Archived: spring sketchbook swap')).toHaveCount(0);
  });
});
