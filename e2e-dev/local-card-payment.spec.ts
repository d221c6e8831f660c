import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { ACCOUNTS, DEMO_PASSWORD } from '../e2e/demo-accounts';
import { fromDevMailbox, openTab, signUp } from '../e2e/helpers';

// `npm run dev` with no Stripe keys: a newcomer pays for a demo offer with a test card on the
// app's own card form, against the local stand-in for Stripe, and nothing is asked of Stripe's
// servers; the demo creator finds the sale in Earnings and refunds it. The first visit to each
// page compiles it, so the waits are long.

const OFFER = 'Retro game night: viewer picks';
const SLOW = { timeout: 120_000 };

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

async function signInAsDemo(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/login');
  await hydrated(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/profile', SLOW);
  return page;
}

/** From Explore to the checkout of OFFER, through its offer dialog; gives the envolvement's id. */
async function openCheckout(page: Page): Promise<string> {
  await page.goto(`/explore?q=${encodeURIComponent(OFFER)}`);
  await hydrated(page);
  await page.getByRole('link', { name: OFFER, exact: true }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'Pay $4.99' }).click();
  await page.waitForURL('**/payment/*', SLOW);
  await hydrated(page);
  return new URL(page.url()).pathname.split('/').pop()!;
}

/** The demo creator of OFFER finds the sale in Earnings and refunds the buyer from the Members tab. */
async function refundAsCreator(browser: Browser, envolvementId: string, buyerNickname: string) {
  const creator = await signInAsDemo(browser, ACCOUNTS.gamer.email);
  await creator.goto('/account/earnings');
  const earnings = creator.getByRole('region', { name: 'Earnings by envolvement' });
  await expect(earnings.getByRole('row', { name: OFFER })).toBeVisible(SLOW);

  await creator.goto(`/envolvement/${envolvementId}`);
  await hydrated(creator);
  await openTab(creator, 'Members');
  const row = creator.getByTestId('member-row').filter({ hasText: buyerNickname });
  await expect(row.getByTestId('member-status')).toHaveText('Paid', SLOW);
  await row.getByRole('button', { name: 'Refund' }).click();
  await creator.getByRole('dialog').getByRole('button', { name: 'Refund $4.99' }).click();
  await expect(row.getByTestId('member-status')).toHaveText('Refunded', SLOW);
  await creator.context().close();
}

// The second test refunds what the first one paid.
test.describe.serial('a newcomer pays for a demo offer with the test card, and its creator refunds it', () => {
  let envolvementId = '';
  let buyerNickname = '';

  test('the newcomer signs up and pays on the app’s own card form', async ({ page }) => {
    test.setTimeout(240_000);
    const stripeAsked = watchStripe(page);
    const stamp = Date.now().toString(36);
    // The newcomer confirms their address from the development mailbox, as a developer would.
    const buyer = await signUp(page, { name: 'Tess Card', email: `tess-${stamp}@example.com` }, fromDevMailbox);
    buyerNickname = buyer.nickname;

    envolvementId = await openCheckout(page);
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
    });

    expect(stripeAsked).toEqual([]);
  });

  test('the demo creator finds the sale in Earnings and refunds it from Members', async ({ browser }) => {
    test.setTimeout(240_000);
    await refundAsCreator(browser, envolvementId, buyerNickname);
  });
});
