import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST as WEBHOOK } from '@/app/api/payment/webhook/route';
import { db } from '@/lib/db/client';
import { envolvements, paymentEvents, payments, paymentStatusChanges, purchases } from '@/models';
import { createEnvolvement, createPurchase, createUser, type TestUser } from '../factories';
import { useTestDatabase } from '../helpers/db';
import type { FakeEvent } from '../helpers/fake-stripe';
import type { FakeObject } from '../helpers/fake-stripe-ledger';
import { buildRequest, call } from '../helpers/http';
import { deliver, handled, openPaidCheckout, paidSetup, pay, postWebhook, useFakeStripe } from '../helpers/payments';

useTestDatabase();
const stripe = useFakeStripe();

async function answer(pending: ReturnType<typeof call>) {
  const { status, body } = await pending;
  return { status, body };
}

const createIntent = (as: TestUser | null, json: unknown) =>
  answer(call('POST', '/api/payment/create-payment-intent', { as, json }));
const grant = (as: TestUser, submissionId: string, paymentIntentId: string) =>
  answer(call('POST', '/api/payment/grant-access', { as, json: { submissionId, paymentIntentId } }));

const succeededEvent = (id: string): FakeEvent =>
  stripe()
    .eventsFor(id)
    .find((e) => e.type === 'payment_intent.succeeded')!;
const refundedEvent = (id: string): FakeEvent =>
  stripe()
    .eventsFor(id)
    .findLast((e) => e.type === 'charge.refunded')!;

/** The same event under another id, changed as told: a second report of the same payment. */
const variantOf = (event: FakeEvent, changes: Record<string, unknown> = {}): FakeEvent => ({
  ...event,
  id: `evt_variant_${randomUUID().replaceAll('-', '')}`,
  data: { object: { ...event.data.object, ...changes } as FakeObject },
});

async function deliverOne(event: FakeEvent) {
  const [res] = await deliver(stripe(), [event]);
  return res!;
}

const DUPLICATE = { status: 200, body: { received: true, duplicate: true, outcome: 'duplicate' } };

const membershipsOf = async (envolvementId: string) =>
  (await db().select().from(purchases).where(eq(purchases.envolvementId, envolvementId))).map((p) => ({
    userId: p.userId,
    paymentIntentId: p.paymentIntentId,
    amountCents: p.amountCents,
    endReason: p.endReason,
    ended: p.endedAt !== null,
  }));
const spotsTaken = async (id: string) =>
  (await db().select().from(envolvements).where(eq(envolvements.id, id)))[0]!.currentCount;
const ledgerOf = async (id: string) => (await db().select().from(payments).where(eq(payments.id, id)))[0]!;
const refundsAtStripe = (id: string) =>
  [...stripe().refundsById.values()].filter((r) => r.payment_intent === id).map((r) => r.amount);

/** Refunded in full at Stripe, and what the completion page tells the buyer of it, and why. */
async function expectBuyerRefunded(buyer: TestUser, id: string, refundReason: string) {
  expect(refundsAtStripe(id)).toEqual([1999]);
  const amount = await answer(call('GET', `/api/payment/get-payment-amount/${id}`, { as: buyer }));
  expect(amount).toEqual({
    status: 200,
    body: { amount: 1999, currency: 'usd', status: 'refunded', refundReason, paidAt: expect.any(String) },
  });
}

/** Checkout through the API and the card charged at Stripe; no event delivered yet. */
async function paidAtStripe(overrides: Parameters<typeof paidSetup>[0] = {}) {
  const checkout = await openPaidCheckout(overrides);
  stripe().succeed(checkout.id);
  return checkout;
}

describe('GET /api/payment/config', () => {
  it('gives the publishable key, or 503 when Stripe is not configured', async () => {
    expect(await answer(call('GET', '/api/payment/config'))).toEqual({
      status: 200,
      body: { publishableKey: 'pk_test_fake' },
    });
    const key = process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_SECRET_KEY;
    const res = await answer(call('GET', '/api/payment/config'));
    process.env.STRIPE_SECRET_KEY = key;
    expect(res).toEqual({
      status: 503,
      body: { error: 'Card payments are not available on this site yet.', code: 'unavailable' },
    });
  });
});

describe('POST /api/payment/create-payment-intent', () => {
  it('charges the database price whatever the request says, and records the offer in the ledger', async () => {
    const { buyer, row } = await paidSetup();
    const res = await createIntent(buyer, { submissionId: row.id, amount: 1, price: 0.01, userId: 'someone' });
    expect(res).toEqual({
      status: 200,
      body: { clientSecret: expect.stringContaining('_secret_'), paymentIntentId: expect.stringMatching(/^pi_/) },
    });
    const id = res.body.paymentIntentId;
    expect(stripe().intents.get(id)).toMatchObject({
      amount: 1999,
      currency: 'usd',
      metadata: { envolvementId: row.id, userId: buyer.id },
    });
    expect(await ledgerOf(id)).toMatchObject({
      envolvementId: row.id,
      buyerId: buyer.id,
      amountCents: 1999,
      currency: 'usd',
      status: 'requires_payment',
    });
  });

  it('gives the same intent to a second checkout and to five at once', async () => {
    const { buyer, row } = await paidSetup();
    const first = await createIntent(buyer, { submissionId: row.id });
    expect(await createIntent(buyer, { submissionId: row.id })).toEqual(first);
    const burst = await Promise.all(Array.from({ length: 5 }, () => createIntent(buyer, { submissionId: row.id })));
    for (const res of burst) expect(res).toEqual(first);
    expect(await db().select({ id: payments.id }).from(payments)).toEqual([{ id: first.body.paymentIntentId }]);
    expect([...stripe().intents.values()].filter((i) => i.metadata.userId === buyer.id)).toHaveLength(1);
  });

  it('refuses free, sold-out, inactive, ended, own and bought envolvements, and anyone signed out', async () => {
    const { creator, buyer, row } = await paidSetup();
    const free = await createEnvolvement(creator.id);
    const soldOut = await createEnvolvement(creator.id, { priceCents: 500, unlimited: false, quantity: 1 });
    await createPurchase(soldOut.id, (await createUser()).id);
    const inactive = await createEnvolvement(creator.id, { priceCents: 500, isActive: false });
    const ended = await createEnvolvement(creator.id, { priceCents: 500, endDate: new Date(Date.now() - 60_000) });
    const conflict = (error: string) => ({ status: 409, body: { error, code: 'conflict' } });
    expect(await createIntent(buyer, { submissionId: free.id })).toEqual({
      status: 400,
      body: { error: 'This envolvement is free: join it without paying.', code: 'bad_request' },
    });
    expect(await createIntent(buyer, { submissionId: soldOut.id })).toEqual(conflict('Sold Out'));
    expect(await createIntent(buyer, { submissionId: inactive.id })).toEqual({
      status: 404,
      body: { error: 'Envolvement ID not found', code: 'not_found' },
    });
    expect(await createIntent(buyer, { submissionId: ended.id })).toEqual(conflict('Purchase Period Ended'));
    expect(await createIntent(creator, { submissionId: row.id })).toEqual({
      status: 403,
      body: { error: 'You cannot join your own envolvement.', code: 'forbidden' },
    });
    await createPurchase(row.id, buyer.id, 1999);
    expect(await createIntent(buyer, { submissionId: row.id })).toEqual(conflict('You have already bought this!'));
    expect(await createIntent(null, { submissionId: row.id })).toEqual({
      status: 401,
      body: { error: 'You must be signed in to do this.', code: 'unauthorized' },
    });
    expect(await db().select().from(payments)).toEqual([]);
  });
});

describe('confirming a card payment', () => {
  it('grants access only once Stripe says the payment succeeded, and only to its payer', async () => {
    const { buyer, row, id } = await openPaidCheckout();
    expect(await grant(buyer, row.id, id)).toEqual({
      status: 409,
      body: { error: 'Payment has not been completed.', code: 'conflict' },
    });
    expect(await grant(await createUser(), row.id, id)).toEqual({
      status: 403,
      body: { error: 'This payment belongs to someone else.', code: 'forbidden' },
    });
    stripe().succeed(id);
    const granted = {
      status: 200,
      body: { success: true, welcome: expect.objectContaining({ envolvementId: row.id }) },
    };
    expect(await grant(buyer, row.id, id)).toEqual(granted);
    expect(await grant(buyer, row.id, id)).toEqual(granted);
    expect(await membershipsOf(row.id)).toEqual([
      { userId: buyer.id, paymentIntentId: id, amountCents: 1999, endReason: null, ended: false },
    ]);
    expect(await spotsTaken(row.id)).toBe(1);
  });

  it('shows the payer the envolvement and the amount, and nobody else', async () => {
    const { buyer, row, id } = await openPaidCheckout();
    const amount = await answer(call('GET', `/api/payment/get-payment-amount/${id}`, { as: buyer }));
    expect(amount).toEqual({
      status: 200,
      body: { amount: 1999, currency: 'usd', status: 'requires_payment', refundReason: null, paidAt: null },
    });
    const item = await call('GET', `/api/payment/get-submission/${id}`, {
      as: buyer,
    });
    expect(item.body).toMatchObject({ _id: row.id, title: row.title });
    const stranger = await createUser();
    const notYours = { status: 403, body: { error: 'This payment belongs to someone else.', code: 'forbidden' } };
    expect(await answer(call('GET', `/api/payment/get-payment-amount/${id}`, { as: stranger }))).toEqual(notYours);
    expect(await answer(call('GET', `/api/payment/get-submission/${id}`, { as: stranger }))).toEqual(notYours);
    expect((await call('GET', `/api/payment/get-payment-amount/${id}`)).status).toBe(401);
  });
});

// Races only truly show on the PostgreSQL server (TEST_DATABASE_URL): PGlite runs one
// statement at a time.
describe('POST /api/payment/webhook', () => {
  it('grants once for one delivery, two in a row and ten at once', async () => {
    const { buyer, row, id } = await paidAtStripe();
    const [once, twice] = await deliver(stripe(), [succeededEvent(id), succeededEvent(id)]);
    expect([once, twice]).toEqual([handled('moved: succeeded'), DUPLICATE]);
    const burst = await Promise.all(Array.from({ length: 10 }, () => deliverOne(succeededEvent(id))));
    for (const res of burst) expect(res).toEqual(DUPLICATE);
    expect(await membershipsOf(row.id)).toEqual([
      { userId: buyer.id, paymentIntentId: id, amountCents: 1999, endReason: null, ended: false },
    ]);
    expect(await spotsTaken(row.id)).toBe(1);
  });

  it('grants once when ten copies of one event arrive at once', async () => {
    const { row, id } = await paidAtStripe();
    const results = await Promise.all(Array.from({ length: 10 }, () => deliverOne(succeededEvent(id))));
    expect(results.filter((r) => r.body.duplicate === false)).toEqual([handled('moved: succeeded')]);
    expect(results.filter((r) => r.body.duplicate === true)).toHaveLength(9);
    expect(await db().select().from(paymentEvents)).toHaveLength(1);
    expect(await spotsTaken(row.id)).toBe(1);
  });

  it('grants once, refunding nothing, when ten different events of one payment and the completion page arrive at once', async () => {
    const { buyer, row, id } = await paidAtStripe();
    const events = Array.from({ length: 10 }, () => variantOf(succeededEvent(id)));
    const [results, confirmations] = await Promise.all([
      Promise.all(events.map(deliverOne)),
      Promise.all(Array.from({ length: 3 }, () => grant(buyer, row.id, id))),
    ]);
    for (const res of results)
      expect([handled('moved: succeeded'), handled('unchanged: succeeded')]).toContainEqual(res);
    for (const res of confirmations) expect(res).toMatchObject({ status: 200, body: { success: true } });
    expect(await membershipsOf(row.id)).toEqual([
      { userId: buyer.id, paymentIntentId: id, amountCents: 1999, endReason: null, ended: false },
    ]);
    expect(await spotsTaken(row.id)).toBe(1);
    expect(await ledgerOf(id)).toMatchObject({ status: 'succeeded', refundReason: null, amountRefundedCents: 0 });
    expect(refundsAtStripe(id)).toEqual([]);
    // One of them moved the ledger; the others found it moved.
    const moves = await db()
      .select({ from: paymentStatusChanges.fromStatus, to: paymentStatusChanges.toStatus })
      .from(paymentStatusChanges);
    expect(moves).toEqual([{ from: 'requires_payment', to: 'succeeded' }]);
  });

  it('refuses a missing header, a bad signature, one changed byte, an old timestamp and another secret, changing nothing', async () => {
    const { row, id } = await paidAtStripe();
    const payload = JSON.stringify(succeededEvent(id));
    const invalid = { status: 400, body: { error: 'Invalid Stripe signature', code: 'bad_request' } };
    const unsigned = await WEBHOOK(
      await buildRequest('POST', '/api/payment/webhook', {
        body: payload,
        headers: { 'content-type': 'application/json' },
      }),
      { params: Promise.resolve({}) },
    );
    expect({ status: unsigned.status, body: await unsigned.json() }).toEqual({
      status: 400,
      body: { error: 'Missing Stripe signature', code: 'bad_request' },
    });
    expect(await postWebhook(payload, 't=1,v1=deadbeef')).toEqual({
      status: 400,
      body: { error: 'Stripe signature timestamp is outside the tolerance', code: 'bad_request' },
    });
    expect(await postWebhook(payload, `t=${Math.floor(Date.now() / 1000)},v1=deadbeef`)).toEqual(invalid);
    const tampered = payload.replace('"amount":1999', '"amount":1998');
    expect(tampered).not.toBe(payload);
    expect(await postWebhook(tampered, stripe().sign(payload))).toEqual(invalid);
    const old = stripe().sign(payload, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect((await postWebhook(payload, old)).status).toBe(400);
    expect(await postWebhook(payload, stripe().sign(payload, { secret: 'whsec_other' }))).toEqual(invalid);
    expect(await membershipsOf(row.id)).toEqual([]);
    expect(await db().select().from(paymentEvents)).toEqual([]);
    expect((await ledgerOf(id)).status).toBe('requires_payment');
  });

  it('does not grant a payment whose amount differs from the one offered: it is refunded in full', async () => {
    const { buyer, row, id } = await paidAtStripe();
    const cheap = variantOf(succeededEvent(id), { amount: 100, amount_received: 100 });
    expect(await deliverOne(cheap)).toEqual(handled('moved: succeeded; refund: amount_mismatch'));
    expect(await membershipsOf(row.id)).toEqual([]);
    await expectBuyerRefunded(
      buyer,
      id,
      'The amount paid did not match the price offered, so this payment was refunded.',
    );
  });

  it("grants what the ledger recorded, whatever the event's metadata says", async () => {
    const { creator, buyer, row, id } = await paidAtStripe();
    const elsewhere = await createEnvolvement(creator.id, { priceCents: 1999 });
    const other = await createUser();
    const misleading = variantOf(succeededEvent(id), { metadata: { envolvementId: elsewhere.id, userId: other.id } });
    expect(await deliverOne(misleading)).toEqual(handled('moved: succeeded'));
    expect(await membershipsOf(row.id)).toEqual([
      { userId: buyer.id, paymentIntentId: id, amountCents: 1999, endReason: null, ended: false },
    ]);
    expect(await membershipsOf(elsewhere.id)).toEqual([]);
  });

  it('ends the membership and frees the spot on a refund, keeping the record', async () => {
    const { buyer, row } = await paidSetup();
    const { id } = await pay(stripe(), buyer, row.id);
    stripe().refund(id);
    expect(await deliverOne(refundedEvent(id))).toEqual(handled('moved: refunded'));
    expect(await membershipsOf(row.id)).toEqual([
      { userId: buyer.id, paymentIntentId: id, amountCents: 1999, endReason: 'refunded', ended: true },
    ]);
    expect(await spotsTaken(row.id)).toBe(0);
  });

  it('refunds a payment whose spot was taken while it was in flight, and tells the buyer why', async () => {
    const { buyer, row, id } = await paidAtStripe({ quantity: 1 });
    await createPurchase(row.id, (await createUser()).id, 1999);
    expect(await deliverOne(succeededEvent(id))).toEqual(handled('moved: succeeded; refund: sold_out'));
    await expectBuyerRefunded(buyer, id, 'The last spot went while you were paying, so this payment was refunded.');
  });
});
