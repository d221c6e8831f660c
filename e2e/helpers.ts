import { expect, type APIRequestContext } from '@playwright/test';
import { FAKE_STRIPE_URL } from '../playwright.config';

// The creator publishes through the API and activates it, as the edit form would.
export async function publish(request: APIRequestContext, title: string, quantity: number | null, price = 0) {
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
 * The buyer pays by card: the checkout opens an intent through the app, the fake Stripe
 * makes the card succeed and delivers its signed events to the app's webhook. Stripe.js
 * itself cannot load offline, so the card form is the one step not driven here.
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
