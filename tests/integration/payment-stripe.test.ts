import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as CONFIG } from '@/app/api/payment/config/route';
import { POST as CREATE_INTENT } from '@/app/api/payment/create-payment-intent/route';
import { GET as GET_AMOUNT } from '@/app/api/payment/get-payment-amount/[paymentIntentId]/route';
import { GET as GET_SUBMISSION } from '@/app/api/payment/get-submission/[paymentIntentId]/route';
import { POST as GRANT } from '@/app/api/payment/grant-access/route';
import { POST as WEBHOOK } from '@/app/api/payment/webhook/route';
import { db } from '@/lib/db/client';
import { envolvements, paymentEvents, purchases } from '@/models';
import { useTestDatabase } from '../helpers/db';
import { startFakeStripe, type FakeStripe } from '../helpers/fake-stripe';
import { buildRequest, call } from '../helpers/http';
import { createEnvolvement, createPurchase, createUser, type TestUser } from '../factories';

useTestDatabase();

let stripe: FakeStripe;
const signer = new Stripe('sk_test_fake');

beforeAll(async () => {
  stripe = await startFakeStripe();
  stripe.useInEnv();
});
afterAll(async () => {
  await stripe.close();
  for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_HOST', 'STRIPE_API_PORT', 'STRIPE_API_PROTOCOL']) {
    delete process.env[key];
  }
});

async function paidSetup(overrides: Parameters<typeof createEnvolvement>[1] = {}) {
  const creator = await createUser();
  const buyer = await createUser();
  const row = await createEnvolvement(creator.id, { priceCents: 1999, unlimited: false, quantity: 3, ...overrides });
  return { creator, buyer, row };
}

const createIntent = (as: TestUser | null, json: unknown) => call(CREATE_INTENT, 'POST', '/api/payment/create-payment-intent', { as, json });

let eventCounter = 0;
function succeededEvent(intent: { id: string; amount: number; currency?: string; metadata: Record<string, string> }, type = 'payment_intent.succeeded') {
  eventCounter += 1;
  const object =
    type === 'charge.refunded'
      ? { id: `ch_${eventCounter}`, object: 'charge', payment_intent: intent.id }
      : { object: 'payment_intent', status: 'succeeded', currency: 'usd', ...intent };
  return JSON.stringify({ id: `evt_${eventCounter}_${Date.now()}`, object: 'event', type, data: { object } });
}

async function deliver(payload: string, headers?: Record<string, string>) {
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_test_fake' });
  const request = await buildRequest('POST', '/api/payment/webhook', {
    body: payload,
    headers: headers ?? { 'stripe-signature': signature, 'content-type': 'application/json' },
  });
  const response = await WEBHOOK(request);
  return { status: response.status, body: await response.json() };
}

describe('GET /api/payment/config', () => {
  it('gives the publishable key, or 503 when Stripe is not configured', async () => {
    expect((await call(CONFIG, 'GET', '/api/payment/config')).body).toEqual({ publishableKey: 'pk_test_fake' });
    const key = process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_SECRET_KEY;
    const res = await call(CONFIG, 'GET', '/api/payment/config');
    process.env.STRIPE_SECRET_KEY = key;
    expect(res).toMatchObject({ status: 503, body: { error: 'Card payments are not available on this site yet.' } });
  });
});

describe('POST /api/payment/create-payment-intent', () => {
  it('charges the database price whatever the request says, once per user and envolvement', async () => {
    const { buyer, row } = await paidSetup();
    const res = await createIntent(buyer, { submissionId: row.id, amount: 1, price: 0.01, userId: 'someone' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ clientSecret: expect.stringContaining('_secret_'), paymentIntentId: expect.stringMatching(/^pi_/) });
    const intent = stripe.intents.get(res.body.paymentIntentId)!;
    expect(intent).toMatchObject({ amount: 1999, currency: 'usd', metadata: { envolvementId: row.id, userId: buyer.id } });
    const again = await createIntent(buyer, { submissionId: row.id });
    expect(again.body.paymentIntentId).toBe(res.body.paymentIntentId);
  });

  it('refuses free, sold-out, inactive, ended, own and bought envolvements', async () => {
    const { creator, buyer, row } = await paidSetup();
    const free = await createEnvolvement(creator.id);
    expect((await createIntent(buyer, { submissionId: free.id })).body.error).toBe('This envolvement is free: join it without paying.');
    const soldOut = await createEnvolvement(creator.id, { priceCents: 500, unlimited: false, quantity: 1 });
    await createPurchase(soldOut.id, (await createUser()).id);
    expect((await createIntent(buyer, { submissionId: soldOut.id })).body).toMatchObject({ error: 'Sold Out' });
    const inactive = await createEnvolvement(creator.id, { priceCents: 500, isActive: false });
    expect((await createIntent(buyer, { submissionId: inactive.id })).body).toMatchObject({ error: 'Envolvement Inactive' });
    const ended = await createEnvolvement(creator.id, { priceCents: 500, endDate: new Date(Date.now() - 60_000) });
    expect((await createIntent(buyer, { submissionId: ended.id })).body).toMatchObject({ error: 'Purchase Period Ended' });
    expect((await createIntent(creator, { submissionId: row.id })).status).toBe(403);
    await createPurchase(row.id, buyer.id, 1999);
    expect((await createIntent(buyer, { submissionId: row.id })).body).toMatchObject({ error: 'You have already bought this!' });
    expect((await createIntent(null, { submissionId: row.id })).status).toBe(401);
  });
});

describe('confirming a card payment', () => {
  it('grants access only once Stripe says the payment succeeded, and only to its payer', async () => {
    const { buyer, row } = await paidSetup();
    const { body } = await createIntent(buyer, { submissionId: row.id });
    const grant = (as: TestUser) => call(GRANT, 'POST', '/api/payment/grant-access', { as, json: { submissionId: row.id, paymentIntentId: body.paymentIntentId } });
    expect(await grant(buyer)).toMatchObject({ status: 409, body: { error: 'Payment has not been completed.' } });
    expect((await grant(await createUser())).status).toBe(403);
    stripe.setStatus(body.paymentIntentId, 'succeeded');
    expect(await grant(buyer)).toMatchObject({ status: 200, body: { success: true } });
    expect(await grant(buyer)).toMatchObject({ status: 200, body: { success: true } });
    const bought = await db().select().from(purchases);
    expect(bought).toMatchObject([{ userId: buyer.id, amountCents: 1999, paymentIntentId: body.paymentIntentId }]);
  });

  it('shows the payer the envolvement and the amount, and nobody else', async () => {
    const { buyer, row } = await paidSetup();
    const { body } = await createIntent(buyer, { submissionId: row.id });
    const id = body.paymentIntentId;
    const amount = await call(GET_AMOUNT, 'GET', `/api/payment/get-payment-amount/${id}`, { as: buyer, params: { paymentIntentId: id } });
    expect(amount.body).toEqual({ amount: 1999, currency: 'usd', status: 'requires_payment_method', refundReason: null });
    const item = await call(GET_SUBMISSION, 'GET', `/api/payment/get-submission/${id}`, { as: buyer, params: { paymentIntentId: id } });
    expect(item.body).toMatchObject({ _id: row.id, title: row.title });
    const stranger = await createUser();
    expect((await call(GET_AMOUNT, 'GET', '/x', { as: stranger, params: { paymentIntentId: id } })).status).toBe(403);
    expect((await call(GET_SUBMISSION, 'GET', '/x', { as: stranger, params: { paymentIntentId: id } })).status).toBe(403);
    expect((await call(GET_AMOUNT, 'GET', '/x', { as: buyer, params: { paymentIntentId: 'pi_unknown' } })).status).toBe(404);
    expect((await call(GET_AMOUNT, 'GET', '/x', { as: buyer, params: { paymentIntentId: '../etc' } })).status).toBe(404);
    expect((await call(GET_AMOUNT, 'GET', '/x', { params: { paymentIntentId: id } })).status).toBe(401);
  });
});

describe('POST /api/payment/webhook', () => {
  async function succeededIntent() {
    const { buyer, row } = await paidSetup();
    const intent = stripe.addIntent({ amount: 1999, status: 'succeeded', metadata: { envolvementId: row.id, userId: buyer.id } });
    return { buyer, row, intent };
  }
  const purchaseCount = async () => (await db().select().from(purchases)).length;

  it('grants once for one delivery, two in a row and ten at once', async () => {
    const { row, intent } = await succeededIntent();
    const payload = succeededEvent(intent);
    expect(await deliver(payload)).toMatchObject({ status: 200, body: { received: true, duplicate: false, outcome: 'granted' } });
    expect(await deliver(payload)).toMatchObject({ status: 200, body: { duplicate: true } });
    const burst = await Promise.all(Array.from({ length: 10 }, () => deliver(payload)));
    expect(burst.every((r) => r.status === 200)).toBe(true);
    expect(await purchaseCount()).toBe(1);
    const [stored] = await db().select().from(envolvements).where(eq(envolvements.id, row.id));
    expect(stored!.currentCount).toBe(1);
  });

  it('grants once when ten different events of one payment arrive at once', async () => {
    const { intent } = await succeededIntent();
    const results = await Promise.all(Array.from({ length: 10 }, () => deliver(succeededEvent(intent))));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(await purchaseCount()).toBe(1);
  });

  it('refuses a missing header, a bad signature, one changed byte and an old timestamp, changing nothing', async () => {
    const { intent } = await succeededIntent();
    const payload = succeededEvent(intent);
    const missing = await deliver(payload, { 'content-type': 'application/json' });
    expect(missing).toEqual({ status: 400, body: { error: 'Missing Stripe signature', code: 'bad_request' } });
    expect((await deliver(payload, { 'stripe-signature': 't=1,v1=deadbeef' })).status).toBe(400);
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_test_fake' });
    const tampered = payload.replace('"amount":1999', '"amount":1998');
    expect((await deliver(tampered, { 'stripe-signature': signature })).status).toBe(400);
    const old = signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_test_fake', timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect((await deliver(payload, { 'stripe-signature': old })).status).toBe(400);
    const wrongSecret = signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' });
    expect((await deliver(payload, { 'stripe-signature': wrongSecret })).status).toBe(400);
    expect(await purchaseCount()).toBe(0);
    expect(await db().select().from(paymentEvents)).toHaveLength(0);
  });

  it('does not grant a payment whose amount or envolvement does not match the database', async () => {
    const { buyer, row } = await paidSetup();
    const cheap = stripe.addIntent({ amount: 100, status: 'succeeded', metadata: { envolvementId: row.id, userId: buyer.id } });
    expect((await deliver(succeededEvent(cheap))).body.outcome).toBe('not granted: Payment does not match the envolvement');
    expect(await purchaseCount()).toBe(0);
  });

  it('revokes access and frees the spot on a refund', async () => {
    const { row, intent } = await succeededIntent();
    await deliver(succeededEvent(intent));
    expect(await deliver(succeededEvent(intent, 'charge.refunded'))).toMatchObject({ status: 200, body: { outcome: 'revoked' } });
    expect(await purchaseCount()).toBe(0);
    const [stored] = await db().select().from(envolvements).where(eq(envolvements.id, row.id));
    expect(stored!.currentCount).toBe(0);
  });

  it('refunds a payment whose spot was taken while it was in flight, and tells the buyer why', async () => {
    const { buyer, row } = await paidSetup({ quantity: 1 });
    const intent = stripe.addIntent({ amount: 1999, status: 'succeeded', metadata: { envolvementId: row.id, userId: buyer.id } });
    await createPurchase(row.id, (await createUser()).id, 1999);
    expect((await deliver(succeededEvent(intent))).body.outcome).toBe('refunded: Sold Out');
    expect(stripe.refunds).toContainEqual({ payment_intent: intent.id });
    const amount = await call(GET_AMOUNT, 'GET', '/x', { as: buyer, params: { paymentIntentId: intent.id } });
    expect(amount.body.refundReason).toBe('Sold Out');
  });
});
