import { expect, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { FAKE_STRIPE_URL } from '../playwright.config';
import { storageState, type Role } from './demo-accounts';
import { latestMail, linkIn } from './mail';

/**
 * The signed-in creator connects a Stripe account that can take charges: the app opens
 * onboarding, the fake Stripe's onboarding page completes it and sends them back to the
 * Payouts page, which reads the account. Once connected, a second call changes nothing.
 */
export async function connectPayouts(request: APIRequestContext): Promise<void> {
  const state = await (await request.get('/api/payouts')).json();
  if (state.canSell) return;
  const started = await request.post('/api/payouts/onboarding');
  expect(started.status()).toBe(200);
  const { url } = await started.json();
  const completed = await request.post(url, { maxRedirects: 0 });
  expect(completed.status()).toBe(303);
  const back = await request.get(completed.headers().location!);
  expect(back.status()).toBe(200);
  expect((await (await request.get('/api/payouts')).json()).canSell).toBe(true);
}

/** A browser context signed in as `role` (demo-accounts.ts), with a page of it open at `path`. */
export async function openAs(browser: Browser, role: Role, path: string) {
  const context = await browser.newContext({ storageState: storageState(role) });
  const page = await context.newPage();
  const response = await page.goto(path);
  return { context, page, response };
}

// The creator publishes through the API and activates it, as the edit form would; a price
// needs their payouts connected first.
export async function publish(request: APIRequestContext, title: string, quantity: number | null, price = 0) {
  if (price) await connectPayouts(request);
  const created = await request.post('/api/post/new-base-envolvement', {
    data: {
      title,
      previewText: 'A seat at the table',
      categories: ['Interactive'],
      quantity: quantity === null ? { quantity: 0, unlimited: true } : { quantity, unlimited: false },
    },
  });
  expect(created.status()).toBe(200);
  const { postedID } = await created.json();
  const edited = await request.put(`/api/post/${postedID}`, {
    data: {
      title,
      previewText: 'A seat at the table',
      categories: ['Interactive'],
      quantity: quantity === null ? { quantity: null } : { quantity, unlimited: false },
      price: price ? { price, free: false } : { price: null },
      isActive: true,
    },
  });
  expect(edited.status()).toBe(200);
  return postedID as string;
}

/**
 * What anyone, signed in or not, reads of a published envolvement: active, at its price
 * (0 for free), with all its spots (null for unlimited) still open.
 */
export async function expectOnSale(
  request: APIRequestContext,
  id: string,
  offer: { title: string; price: number; spots: number | null },
): Promise<void> {
  const response = await request.get(`/api/post/${id}`);
  expect(response.status()).toBe(200);
  const quantity =
    offer.spots === null
      ? { unlimited: true, currentEnvolves: 0 }
      : { quantity: offer.spots, unlimited: false, currentEnvolves: 0 };
  expect(await response.json()).toMatchObject({
    _id: id,
    title: offer.title,
    isActive: true,
    price: { price: offer.price, free: offer.price === 0 },
    quantity,
  });
}

/** The signed-in buyer of `request` holds a spot of the envolvement, paid for by card. */
export async function expectPaidMember(request: APIRequestContext, id: string, amountCents: number): Promise<void> {
  const response = await request.get(`/api/post/${id}`);
  expect(response.status()).toBe(200);
  expect((await response.json()).membership).toMatchObject({
    amountCents,
    free: false,
    endReason: null,
    paymentStatus: 'succeeded',
  });
}

/**
 * The buyer pays by card through the API: the checkout opens an intent, the fake Stripe
 * makes the card succeed and delivers its signed events to the app's webhook. For specs
 * about what a payment leads to; creator-earnings.spec.ts drives the card form itself.
 */
export async function payByCard(request: APIRequestContext, envolvementId: string): Promise<string> {
  const checkout = await request.post('/api/payment/create-payment-intent', { data: { submissionId: envolvementId } });
  expect(checkout.status()).toBe(200);
  const { paymentIntentId } = await checkout.json();
  const succeeded = await request.post(`${FAKE_STRIPE_URL}/test/intents/${paymentIntentId}/succeed`);
  expect(succeeded.status()).toBe(200);
  await expect
    .poll(async () => (await (await request.get(`/api/payment/check-access/${envolvementId}`)).json()).hasAccess)
    .toBe(true);
  return paymentIntentId as string;
}

/** The password of the accounts the specs sign up. */
export const NEW_ACCOUNT_PASSWORD = 'violet-harbor-lantern-93';

/** A suffix that makes the e-mail and handle of an account a spec makes its own. */
export const stamp = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

/**
 * Follows a sign-up's link as the browser that signed up does: next-auth's sign-up provider,
 * proven by the cookie the sign-up's answer left in `request`, which it signs in.
 */
export async function followSignUpLink(request: APIRequestContext, link: string): Promise<void> {
  const token = new URL(link).searchParams.get('token')!;
  const { csrfToken } = (await (await request.get('/api/auth/csrf')).json()) as { csrfToken: string };
  const answer = await request.post('/api/auth/callback/sign-up', {
    form: { token, csrfToken, callbackUrl: '/profile', json: 'true' },
  });
  expect(answer.status()).toBe(200);
}

/** Makes an e-mail and password account through the API and the link mailed to confirm it. */
export async function registerAccount(
  request: APIRequestContext,
  account: { name: string; email: string; handle: string },
  password = NEW_ACCOUNT_PASSWORD,
): Promise<void> {
  const answer = await request.post('/api/auth/register', {
    data: { name: account.name, handle: account.handle, email: account.email, password },
  });
  expect(answer.status()).toBe(202);
  const mail = await latestMail(request, account.email, 'Confirm your e-mail address');
  await followSignUpLink(request, linkIn(mail, '/sign-up/confirm?token='));
}

/** Signs in through the form on /login, which then goes on to `then`. */
export async function signInWithPassword(
  page: Page,
  email: string,
  password = NEW_ACCOUNT_PASSWORD,
  then = '/account',
) {
  await page.goto(`/login?callbackUrl=${encodeURIComponent(then)}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Where a spec finds the link that confirms a new address: the test mail server, or the development mailbox. */
export type ConfirmationLink = (page: Page, email: string) => Promise<string>;

export const fromMailSink: ConfirmationLink = async (page, email) =>
  linkIn(await latestMail(page.request, email, 'Confirm your e-mail address'), '/sign-up/confirm?token=');

/**
 * The confirmation link as a developer finds it: in the development mailbox (`/dev/mail`),
 * where e-mails are written when there is no SMTP server. The mail job writes it within seconds.
 */
export const fromDevMailbox: ConfirmationLink = async (page, email) => {
  const message = page.getByRole('link').filter({ hasText: 'Confirm your e-mail address' }).filter({ hasText: email });
  await expect(async () => {
    await page.goto('/dev/mail');
    await expect(message).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 90_000 });
  await message.click();
  const href = await page
    .frameLocator('iframe')
    .getByRole('link', { name: 'Confirm my address' })
    .getAttribute('href', { timeout: 60_000 });
  expect(href).toContain('/sign-up/confirm?token=');
  return href!;
};

/**
 * Signs a new e-mail and password account up through /login in `page` and follows the link
 * e-mailed to it in the same browser, which makes the account and signs it in: `page` is left
 * on its profile. Returns the nickname the profile shows for it.
 */
export async function signUp(
  page: Page,
  account: { name: string; email: string },
  confirmationLink: ConfirmationLink = fromMailSink,
): Promise<{ nickname: string }> {
  await page.goto('/login');
  await openTab(page, 'Sign up');
  await page.getByLabel('Name').fill(account.name);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(NEW_ACCOUNT_PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Check your inbox')).toBeVisible({ timeout: 60_000 });
  await page.goto(await confirmationLink(page, account.email));
  await page.waitForURL('**/profile', { timeout: 60_000 });
  const handle = page.getByTestId('profile-handle');
  await expect(handle).toHaveText(/^@\w+$/);
  return { nickname: (await handle.textContent())!.trim().slice(1) };
}

/**
 * Step 2's price field as the signed-in creator's payouts allow: Free only (early access)
 * until their Stripe account can take charges, then a price of their own.
 */
export async function expectPriceField(page: Page): Promise<void> {
  const { canSell } = await (await page.request.get('/api/payouts')).json();
  if (canSell) {
    await expect(page.getByLabel('Price (USD)')).toBeEditable();
    await expect(page.getByText('Leave empty for free, or ask from $0.50 to $10,000.00.')).toBeVisible();
    return;
  }
  await expect(page.getByLabel('Price')).toBeDisabled();
  await expect(page.getByLabel('Price')).toHaveValue('Free');
  // One line that says what to do: the e2e site takes cards, so it is to connect payouts.
  await expect(page.getByText('Connect payouts to sell paid envolvements.')).toBeVisible();
  await expect(page.getByText('Paid envolvements are not available in early access.')).toHaveCount(0);
}

/** Step 2's spots: limited, capped at 10000 whatever is typed, then set to `quantity`. */
export async function fillLimitedQuantity(page: Page, quantity: number): Promise<void> {
  await page.getByLabel('Unlimited').uncheck();
  await page.getByLabel('Quantity').fill('25000');
  await expect(page.getByLabel('Quantity')).toHaveValue('10000');
  await page.getByLabel('Quantity').fill(String(quantity));
}

/**
 * Opens a tab, clicking again until it is selected: tabs are drawn on the server and answer
 * a click only once React has taken over the page, which a busy machine can delay.
 */
export async function openTab(scope: Page | Locator, name: string): Promise<void> {
  const tab = scope.getByRole('tab', { name });
  await expect(async () => {
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true', { timeout: 1_000 });
  }).toPass();
}

/**
 * Opens a public list at `path` until it shows the card titled `title`. After a change, a
 * list another visitor had cached is served once more as it was while it is rendered again
 * behind them (the cache's stale-while-revalidate), so the change shows on a later request.
 */
export async function openListed(page: Page, path: string, title: string): Promise<Locator> {
  const card = page.getByTestId('offer-card').filter({ hasText: title }).first();
  await expect(async () => {
    await page.goto(path);
    await expect(card).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  return card;
}
