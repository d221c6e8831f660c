import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS } from '../e2e/demo-accounts';
import { fromDevMailbox, signUp } from '../e2e/helpers';

// `npm run dev` with no Stripe keys: a newcomer pays for a demo offer with a test card on the
// app's own card form, against the local stand-in for Stripe, and nothing is asked of Stripe's
// servers. The first visit to each page compiles it, so the waits are long. That the demo
// creators can refund such a payment and find it in Earnings is shown on the stand-in by
// tests/integration/stripe-stand-in.test.ts, and in the browser by the production build's tests.

const OFFER = 'Retro game night: viewer picks';
const SLOW = { timeout: 150_000 };

/** Waits until React has taken over the page (the top bar's placeholder goes then): before, clicks do nothing. */
async function hydrated(page: Page) {
  await expect(page.getByTestId('top-bar-skeleton')).toHaveCount(0, SLOW);
}

/** Every request the page makes to Stripe's servers. */
function watchStripe(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (/^https?:\/\/([a-z0-9-]+\.)*stripe\.(com|network)\//.test(request.url())) asked.push(request.url());
  });
  return asked;
}

async function fillCard(page: Page, card: { number: string; expiry?: string; cvc?: string }) {
  const details = page.getByRole('group', { name: 'Card details' });
  await details.getByLabel('Card number').fill(card.number);
  await details.getByLabel('Expiration date').fill(card.expiry ?? '12 / 34');
  await details.getByLabel('Security code').fill(card.cvc ?? '123');
}

/** From Explore to the checkout of OFFER, through its offer dialog. */
async function openCheckout(page: Page): Promise<void> {
  await page.goto(`/explore?q=${encodeURIComponent(OFFER)}`);
  await hydrated(page);
  await page.getByRole('link', { name: OFFER, exact: true }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'Pay $4.99' }).click();
  await page.waitForURL('**/payment/*', SLOW);
  await hydrated(page);
}

test('a newcomer signs up and pays for a demo offer on the app’s own card form', async ({ page }) => {
  // Each page and API route compiles on its first visit, on two cores the browser tests share.
  test.setTimeout(360_000);
  const stripeAsked = watchStripe(page);
  const stamp = Date.now().toString(36);
  // The newcomer confirms their address from the development mailbox, as a developer would.
  // The name is new on every run, and so is the handle made from it.
  await signUp(page, { name: `Tess ${stamp}`, email: `tess-${stamp}@example.com` }, fromDevMailbox);

  await openCheckout(page);
  const form = page.getByTestId('local-card-form');
  const pay = form.getByRole('button', { name: 'Pay $4.99' });
  await expect(form.getByText('Test mode · no real money · use 4242 4242 4242 4242')).toBeVisible(SLOW);

  await test.step('a card the form cannot take is refused at its fields, accessibly', async () => {
    await fillCard(page, { number: '4242 4242 4242 4241', expiry: '01 / 20' });
    await pay.click();
    await expect(form.getByLabel('Card number')).toHaveAccessibleDescription('Your card number is invalid.');
    await expect(form.getByLabel('Expiration date')).toHaveAccessibleDescription(
      "Your card's expiration date is in the past.",
    );
    const { violations } = await new AxeBuilder({ page })
      .include('[data-testid="local-card-form"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(violations.map((v) => v.id)).toEqual([]);
  });

  await test.step('4000 0000 0000 0002 is declined with Stripe’s message', async () => {
    await fillCard(page, { number: '4000 0000 0000 0002' });
    await pay.click();
    await expect(form.getByRole('alert')).toHaveText('Your card was declined.', SLOW);
  });

  await test.step('4242 4242 4242 4242 pays, and the completion page says so', async () => {
    await fillCard(page, { number: '4242 4242 4242 4242' });
    await pay.click();
    await page.waitForURL('**/payment/completion?**', SLOW);
    await expect(page.getByText('Payment Successful!')).toBeVisible(SLOW);
    await expect(page.getByTestId('amount-paid')).toHaveText('$4.99');
    await expect(page.getByTestId('receipt')).toContainText(`Paid to@${ACCOUNTS.gamer.nickname}`);
    await expect(page.getByTestId('payment-state')).toHaveText('Paid');
    // No e-mail leaves a development server: the receipt is in its mailbox, linked from here.
    await expect(page.getByTestId('receipt-note')).toContainText('development server’s mailbox');
    await expect(page.getByTestId('receipt-note').getByRole('link', { name: 'Open the mailbox' })).toHaveAttribute(
      'href',
      '/dev/mail',
    );
  });

  expect(stripeAsked).toEqual([]);
});
