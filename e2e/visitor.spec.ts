import { expect, test } from '@playwright/test';
import { ACCOUNTS, DEMO_PASSWORD } from './demo-accounts';

// A visitor from a shared link on a phone: nothing stands between them and the offer
// until they choose to join, and signing in brings them back to the same checkout.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('a signed-out visitor finds, reads and joins an offer, signing in on the way', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Explore envolvements' }).first().click();
  await expect(page).toHaveURL(/\/explore$/);
  await expect(page.getByRole('heading', { name: 'Discover Your Next Envolvement' })).toBeVisible();

  const card = page.getByTestId('offer-card').first();
  const title = (await card.getByRole('heading').textContent())!.trim();
  await card.getByRole('link', { name: title }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog.getByRole('link', { name: 'View Details' })).toBeVisible();
  await dialog.getByRole('link', { name: 'View Details' }).click();

  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  const id = page.url().split('/envolvement/')[1]!;
  const details = await (await page.request.get(`/api/post/${id}`)).json();
  await expect(page.getByText(details.description || details.previewText)).toBeVisible();
  // On a phone the price and the way to join stay at the foot of the screen.
  const bar = page.getByTestId('join-bar');
  const box = (await bar.boundingBox())!;
  expect(Math.round(box.y + box.height)).toBe(844);
  await bar.getByRole('link', { name: 'Sign in to join' }).click();

  await expect(page).toHaveURL(new RegExp(`/login\\?callbackUrl=%2Fpayment%2F${id}$`));
  await page.getByLabel('Email').fill(ACCOUNTS.buyer2.email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(`**/payment/${id}`);
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  await expect(page.getByText(title).first()).toBeVisible();
});

test('a signed-out checkout shows what is being joined above its sign-in button', async ({ page, request }) => {
  const [first] = (await (await request.get('/api/post/pull?limit=1')).json()).items;
  await page.goto(`/payment/${first._id}`);
  await expect(page.getByRole('heading', { name: 'Payment Details' })).toBeVisible();
  await expect(page.getByRole('heading', { name: first.title })).toBeVisible();
  await expect(page.getByText('Please sign in to make an envolvement')).toBeVisible();
  await expect(page.getByTestId('checkout-notice').getByRole('link', { name: 'Sign in', exact: true })).toHaveAttribute(
    'href',
    `/login?callbackUrl=${encodeURIComponent(`/payment/${first._id}`)}`,
  );
});

test('malformed and unknown checkout addresses are real 404s', async ({ page }) => {
  for (const path of ['/payment/not-a-uuid', '/payment/00000000-0000-4000-8000-000000000000']) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByText('Envolvement ID not found')).toBeVisible();
  }
});

test('Explore and a creator’s profile arrive with their cards in place, not revealed after a loading state', async ({
  request,
}) => {
  const { items } = (await (await request.get('/api/post/pull?limit=1')).json()) as {
    items: Array<{ title: string; username: string }>;
  };
  const [item] = items;
  for (const path of ['/explore', '/explore?view=all', `/@${item!.username}`]) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain('<article');
    // React sends what a Suspense boundary held back in a hidden segment, drawn by a script
    // after the fallback: a page served whole from the cache has none.
    expect(html, path).not.toMatch(/<div hidden id="S:/);
  }
});
