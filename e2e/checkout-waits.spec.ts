import { expect, test } from '@playwright/test';
import { storageState } from './demo-accounts';
import { fromMailSink, NEW_ACCOUNT_PASSWORD, openTab, publish } from './helpers';
import { installStripeStandIn } from './stripe-js';

// A visitor who follows a link to a paid offer signs up at its checkout, confirms the address
// from the mail in another tab of the same browser, and pays: the checkout they left waiting
// goes on by itself, with no reload and no search for the offer again.
test('a newcomer signs up at the checkout, confirms from the mail in another tab, and pays there', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // A paid offer of a creator whose payouts can take cards.
  const creator = await browser.newContext({ storageState: storageState('creator') });
  const offerId = await publish(creator.request, `Portrait sitting ${Date.now()}`, 3, 7);
  await creator.close();

  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  // Stripe's CDN is out of reach: its script and API are answered by the stand-in.
  await installStripeStandIn(context);
  const page = await context.newPage();
  const checkout = `/payment/${offerId}`;

  await page.goto(checkout);
  await page.getByTestId('checkout-notice').getByRole('link', { name: 'Sign in' }).click();
  await page.waitForURL('**/login?**');
  await openTab(page, 'Sign up');
  const email = `waits-${Date.now().toString(36)}@example.com`;
  await page.getByLabel('Name').fill('Wren Waits');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(NEW_ACCOUNT_PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Check your inbox')).toBeVisible({ timeout: 60_000 });

  // The mail's link, opened in a new tab as a mail app would: it makes the account, signs
  // this browser in and goes back to the checkout.
  const link = await fromMailSink(page, email);
  const mailTab = await context.newPage();
  await mailTab.goto(link);
  await mailTab.waitForURL(`**${checkout}`, { timeout: 60_000 });

  // The tab left on "check your inbox" is at the checkout too, signed in, the card form ready.
  await page.waitForURL(`**${checkout}`, { timeout: 30_000 });
  const card = page.getByRole('group', { name: 'Card details' });
  await expect(card).toContainText('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay $7.00' }).click();
  await page.waitForURL('**/payment/completion?**');
  await expect(page.getByText('Payment Successful!')).toBeVisible();
  await context.close();
});
