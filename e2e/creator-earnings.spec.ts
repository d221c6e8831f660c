import { expect, test } from '@playwright/test';
import { storageState } from './demo-accounts';
import { signUp } from './helpers';
import { installStripeStandIn } from './stripe-js';

// The whole paid path in the browser, with the checkout page's own card code running:
// a new creator connects payouts, sells a $12.00 envolvement, and finds the sale in Earnings.
test('a new creator connects payouts, sells by card and sees the sale in Earnings', async ({ page, browser }) => {
  test.setTimeout(120_000);
  // A fresh creator has no other sales, so every Earnings figure is exact.
  const stamp = Date.now().toString(36);
  const creator = await signUp(page, { name: 'Nova Earner', email: `earner-${stamp}@example.com` });
  const title = `Pottery evening ${stamp}`;
  let envolvementId = '';

  await test.step('the creator connects payouts through Stripe onboarding', async () => {
    await page.getByRole('navigation', { name: 'Your settings' }).getByRole('link', { name: 'Payouts' }).click();
    await page.waitForURL('**/account/payouts');
    await expect(page.getByTestId('payout-state')).toHaveText('Not connected');
    await page.getByRole('button', { name: 'Connect with Stripe' }).click();
    await expect(page).toHaveTitle('Stripe onboarding (test)');
    await page.getByRole('button', { name: 'Complete onboarding' }).click();
    await page.waitForURL('**/account/payouts?onboarding=return');
    await expect(page.getByTestId('payout-state')).toHaveText('Ready to take payments');
  });

  await test.step('the creator creates a $12.00 envolvement in the wizard and publishes it', async () => {
    await page.goto('/create');
    const next = page.getByRole('button', { name: 'Next', exact: true });
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Preview text').fill('Throw a bowl on the wheel with me, live.');
    await page.getByRole('button', { name: 'Interactive', exact: true }).click();
    await next.click();

    await expect(page.getByText('Step 2 of 4')).toBeVisible();
    await page.getByLabel('Price (USD)').fill('12');
    await expect(page.getByText('You receive $11.40 of each $12.00 sale (Envolve keeps 5%).')).toBeVisible();
    await next.click();
    await expect(page.getByText('Step 3 of 4')).toBeVisible();
    await next.click();
    await expect(page.getByText('Step 4 of 4')).toBeVisible();
    await page.getByRole('button', { name: 'Create', exact: true }).click();

    const status = page.getByTestId('create-status');
    await expect(status).toContainText('It is a draft: only you can see it until you publish it.');
    await status.getByRole('button', { name: 'Publish now' }).click();
    await expect(status).toContainText('Published: everyone can find it in Explore now.');
    // The moment to tell their audience: the notice has the way to share it.
    await expect(status.getByTestId('share-button')).toBeVisible();
    const href = await status.getByRole('link', { name: 'View your envolvement' }).getAttribute('href');
    envolvementId = href!.split('/').pop()!;
  });

  await test.step('a buyer pays $12.00 by card on the checkout page', async () => {
    const buyer = await browser.newContext({ storageState: storageState('buyer') });
    // Stripe's CDN is out of reach: its script and API are answered by the stand-in.
    await installStripeStandIn(buyer);
    const checkout = await buyer.newPage();
    await checkout.goto(`/payment/${envolvementId}`);
    await expect(checkout.getByTestId('checkout-price')).toHaveText('$12.00');
    await expect(checkout.getByRole('group', { name: 'Card details' })).toContainText('4242 4242 4242 4242');
    await checkout.getByRole('button', { name: 'Pay $12.00' }).click();

    // Stripe sends the buyer back with the intent it confirmed.
    await checkout.waitForURL('**/payment/completion?**');
    const back = new URL(checkout.url()).searchParams;
    const intent = back.get('payment_intent')!;
    expect(intent).toMatch(/^pi_/);
    expect(back.get('payment_intent_client_secret')).toMatch(new RegExp(`^${intent}_secret_`));
    expect(back.get('redirect_status')).toBe('succeeded');

    await expect(checkout.getByText('Payment Successful!')).toBeVisible();
    await expect(checkout.getByTestId('amount-paid')).toHaveText('$12.00');
    const receipt = checkout.getByTestId('receipt');
    await expect(receipt).toContainText(`Paid to@${creator.nickname}`);
    await expect(receipt.locator('dt:text-is("Date") + dd')).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, /);
    await expect(receipt.getByTestId('payment-state')).toHaveText('Paid');
    // Envolve's own receipt, not Stripe's: this server has SMTP (the sink).
    await expect(receipt.getByTestId('receipt-note')).toHaveText(
      'Envolve e-mails you a receipt for this payment, with the amount and the platform fee.',
    );
    await buyer.close();
  });

  await test.step('the creator finds the sale in Earnings, less the 5% fee', async () => {
    await page.goto('/profile');
    await page.getByRole('navigation', { name: 'Your settings' }).getByRole('link', { name: 'Earnings' }).click();
    await page.waitForURL('**/account/earnings');
    await expect(page.getByTestId('earnings-gross')).toContainText('$12.00');
    await expect(page.getByTestId('earnings-gross')).toContainText('1 sale');
    await expect(page.getByTestId('earnings-fees')).toContainText('$0.60');
    await expect(page.getByTestId('earnings-refunds')).toContainText('$0.00');
    await expect(page.getByTestId('earnings-net')).toContainText('$11.40');

    const row = page.getByRole('region', { name: 'Earnings by envolvement' }).getByRole('row', { name: title });
    await expect(row.getByRole('cell')).toHaveText(['1', '1', '$0.00', '$11.40']);

    // The chart is drawn: one day with a sale, so one bar of some height (an empty day draws none).
    const chart = page.getByTestId('earnings-chart');
    await expect(chart.locator('svg.recharts-surface').first()).toBeVisible();
    await expect(chart.locator('.recharts-bar-rectangle path.recharts-rectangle')).toHaveCount(1);
  });
});
