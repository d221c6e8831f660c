import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { storageState } from './demo-accounts';
import { publish } from './helpers';
import { installStripeStandIn } from './stripe-js';

// A checkout page left open while the creator changes the offer: paying it charges nothing
// at the old terms; the page shows the new price, or why it can no longer be bought.

/** The creator's edit of the price (null: free), as the edit form sends it. */
async function setPrice(request: APIRequestContext, id: string, title: string, price: number | null) {
  const edited = await request.put(`/api/post/${id}`, {
    data: {
      title,
      previewText: 'A seat at the table',
      categories: ['Interactive'],
      quantity: { quantity: null },
      price: price ? { price, free: false } : { price: null },
      isActive: true,
    },
  });
  expect(edited.status()).toBe(200);
}

/** The creator publishes an offer at `price`, and a buyer opens its checkout page. */
async function openCheckout(browser: Browser, title: string, price: number) {
  const creator = await browser.newContext({ storageState: storageState('creator') });
  const id = await publish(creator.request, title, null, price);
  const buyer = await browser.newContext({ storageState: storageState('buyer2') });
  await installStripeStandIn(buyer);
  const page = await buyer.newPage();
  await page.goto(`/payment/${id}`);
  return { creator, id, buyer, page };
}

test('a price raised while the checkout is open: the card is not charged, and the page offers the new price', async ({
  browser,
}) => {
  const title = `Portrait sitting ${Date.now()}`;
  const { creator, id, buyer, page } = await openCheckout(browser, title, 10);
  await expect(page.getByTestId('checkout-price')).toHaveText('$10.00');
  const payTen = page.getByRole('button', { name: 'Pay $10.00' });
  await expect(payTen).toBeEnabled();

  await setPrice(creator.request, id, title, 50);
  await payTen.click();
  await expect(page.getByTestId('checkout-renewed')).toHaveText(
    'The offer changed while this page was open, so nothing was charged. Check the price and pay again.',
  );
  await expect(page.getByTestId('checkout-price')).toHaveText('$50.00');
  expect(page.url()).toContain(`/payment/${id}`);

  await page.getByRole('button', { name: 'Pay $50.00' }).click();
  await page.waitForURL('**/payment/completion?**');
  await expect(page.getByText('Payment Successful!')).toBeVisible();
  await expect(page.getByTestId('amount-paid')).toHaveText('$50.00');
  await buyer.close();
  await creator.close();
});

test('an offer unpublished while the checkout is open: the page says it cannot be bought', async ({ browser }) => {
  const title = `Studio visit ${Date.now()}`;
  const { creator, id, buyer, page } = await openCheckout(browser, title, 20);
  const pay = page.getByRole('button', { name: 'Pay $20.00' });
  await expect(pay).toBeEnabled();

  const unpublished = await creator.request.put(`/api/post/${id}/active`, { data: { active: false } });
  expect(unpublished.status()).toBe(200);
  await pay.click();
  await expect(page.getByText('Envolvement Inactive')).toBeVisible();
  await expect(page.getByText('This envolvement is not active and cannot be purchased.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Pay / })).toHaveCount(0);
  await buyer.close();
  await creator.close();
});
