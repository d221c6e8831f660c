import { expect, test } from '@playwright/test';
import { FAKE_STRIPE_URL } from '../playwright.config';
import { storageState } from './demo-accounts';
import { expectOnSale, openAs, openListed, publish } from './helpers';

test.describe.serial('joining', () => {
  let oneSpot = '';
  let paid = '';

  test('the creator publishes a 1-spot free envolvement and a paid one', async ({ browser, request }) => {
    const context = await browser.newContext({ storageState: storageState('creator') });
    const free = { title: `Front row seat ${Date.now()}`, price: 0, spots: 1 };
    const priced = { title: `Backstage pass ${Date.now()}`, price: 12.5, spots: null };
    oneSpot = await publish(context.request, free.title, free.spots);
    paid = await publish(context.request, priced.title, priced.spots, priced.price);
    await context.close();
    // A visitor finds both on sale, on the creator's terms.
    await expectOnSale(request, oneSpot, free);
    await expectOnSale(request, paid, priced);
  });

  test('a buyer claims it for free and sees it unlocked', async ({ browser }) => {
    const { context, page } = await openAs(browser, 'buyer', `/payment/${oneSpot}`);
    await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
    await expect(page.getByText('Payment Details')).toBeVisible();
    await page.getByRole('button', { name: 'Join for Free' }).click();
    await page.waitForURL(`**/envolvement/${oneSpot}`);
    await expect(page.getByRole('tab', { name: 'Activity' })).toBeVisible();
    await expect(page.getByTestId('lock-panel')).toHaveCount(0);
    await expect(page.getByTestId('spots-left')).toHaveText('Sold out');
    await page.goto(`/payment/${oneSpot}`);
    await expect(page.getByText('You have already bought this!')).toBeVisible();
    await (await openListed(page, '/explore?category=Interactive', 'Front row seat')).click();
    await expect(page.getByRole('dialog').getByRole('button', { name: 'Already Joined' })).toBeDisabled();
    await context.close();
  });

  test('a second buyer finds it sold out', async ({ browser }) => {
    const { context, page } = await openAs(browser, 'buyer2', `/payment/${oneSpot}`);
    await expect(page.getByText('Sold Out')).toBeVisible();
    await expect(page.getByText('This envolvement is no longer available.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Join for Free' })).toHaveCount(0);
    await context.close();
  });

  test('the completion page shows what a succeeded payment paid, and grants access', async ({ browser }) => {
    const context = await browser.newContext({ storageState: storageState('buyer2') });
    const page = await context.newPage();
    // Stripe's redirect and its webhook race; the completion page asks Stripe itself, so either grants.
    const checkout = await context.request.post('/api/payment/create-payment-intent', { data: { submissionId: paid } });
    const { paymentIntentId } = await checkout.json();
    await context.request.post(`${FAKE_STRIPE_URL}/test/intents/${paymentIntentId}/succeed`);
    await page.goto(`/payment/completion?payment_intent=${paymentIntentId}`);
    await expect(page.getByText('Payment Successful!')).toBeVisible();
    await expect(page.getByTestId('amount-paid')).toHaveText('$12.50');
    await page.getByRole('link', { name: 'View Content' }).click();
    await expect(page.getByTestId('lock-panel')).toHaveCount(0);
    await expect(page.getByRole('tab', { name: 'Activity' })).toBeVisible();
    await context.close();
  });

  test('the completion page without a payment says so', async ({ page }) => {
    await page.goto('/payment/completion');
    await expect(page.getByText('No payment intent found')).toBeVisible();
  });
});
