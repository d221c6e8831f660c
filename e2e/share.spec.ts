import { expect, test, type Page } from '@playwright/test';

// Sharing a public page from a browser without a share sheet of its own (desktop Chromium on
// Linux has none): the menu gives the address to copy, says when it is copied, and links to a
// mail and the networks, with no script of theirs loaded.

async function openShare(page: Page) {
  await page.getByTestId('share-button').click();
  const panel = page.getByTestId('share-panel');
  await expect(panel).toBeVisible();
  return panel;
}

test('a profile is shared at its /@handle address: copied with a confirmation, or sent to a network', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const foreign: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(baseURL!)) foreign.push(request.url());
  });
  await page.goto('/@mayacreates');
  const panel = await openShare(page);
  const address = `${baseURL}/@mayacreates`;
  await expect(panel.getByLabel('Link to this page')).toHaveValue(address);
  await panel.getByRole('button', { name: 'Copy link' }).click();
  await expect(panel.getByRole('status')).toHaveText('Link copied.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
  const networks = panel.getByRole('list', { name: 'Share on' });
  await expect(networks.getByRole('link', { name: 'E-mail' })).toHaveAttribute('href', /^mailto:\?subject=/);
  await expect(networks.getByRole('link', { name: 'Facebook' })).toHaveAttribute(
    'href',
    `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(address)}`,
  );
  await expect(networks.getByRole('link', { name: 'X' })).toHaveAttribute('target', '_blank');
  // Escape closes it; nothing of another site was fetched on the way.
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  expect(foreign).toEqual([]);
});

test('an envolvement page is shared at its own address', async ({ page, baseURL, request }) => {
  const found = await request.get('/api/post/pull?limit=1&q=watercolour');
  const [offer] = (await found.json()).items as Array<{ _id: string }>;
  await page.goto(`/envolvement/${offer!._id}`);
  const panel = await openShare(page);
  await expect(panel.getByLabel('Link to this page')).toHaveValue(`${baseURL}/envolvement/${offer!._id}`);
  // A press outside closes it.
  await page.getByRole('heading', { level: 1 }).click();
  await expect(panel).toBeHidden();
});

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the menu fits the screen', async ({ page }) => {
    await page.goto('/@mayacreates');
    const panel = await openShare(page);
    const box = (await panel.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
  });
});
