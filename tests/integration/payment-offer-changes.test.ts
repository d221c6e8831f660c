import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { reconcilePayments } from '@/lib/payments/reconcile';
import { envolvements } from '@/models';
import { useTestDatabase } from '../helpers/db';
import { call } from '../helpers/http';
import {
  checkAccess,
  editOffer,
  historyOf,
  openCheckout,
  paidSetup,
  paymentOf,
  useFakeStripe,
  withStripeDown,
} from '../helpers/payments';
import { createUser } from '../factories';

// A creator's change to what buyers pay for (the price, publication, the envolvement
// itself) cancels the checkouts open at the old terms, at Stripe and on the ledger, at the
// moment of the change: nobody can pay the old price afterwards.
useTestDatabase();
const stripe = useFakeStripe();

/** An envolvement at $10 (or `priceCents`) with a buyer's checkout open at that price. */
async function openCheckoutAt(priceCents = 1000) {
  const setup = await paidSetup({ priceCents });
  return { ...setup, intentId: await openCheckout(setup.buyer, setup.row.id) };
}

/** Where an intent stands at Stripe and on the ledger, with the ledger's moves. */
async function standing(intentId: string) {
  return {
    stripe: stripe().intents.get(intentId)!.status,
    ledger: (await paymentOf(intentId)).status,
    history: await historyOf(intentId),
  };
}

const canceledFor = (source: string) => ({
  stripe: 'canceled',
  ledger: 'canceled',
  history: [{ from: 'requires_payment', to: 'canceled', refunded: 0, applied: true, source }],
});

const STILL_OPEN = { stripe: 'requires_payment_method', ledger: 'requires_payment', history: [] };

const checkout = (as: Parameters<typeof openCheckout>[0], id: string) =>
  call('POST', '/api/payment/create-payment-intent', { as, json: { submissionId: id } });

describe('a new price cancels the checkouts open at the old one', () => {
  it("cancels every buyer's $10 intent when the price becomes $50, and the next checkout offers $50", async () => {
    const { creator, buyer, row, intentId } = await openCheckoutAt(1000);
    const theirs = await openCheckout(await createUser(), row.id);

    const res = await editOffer(creator, row.id, { price: { price: 50, free: false } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: row.id, priceCents: 5000, price: { price: 50, free: false } });
    expect(await standing(intentId)).toEqual(canceledFor('price_changed'));
    expect(await standing(theirs)).toEqual(canceledFor('price_changed'));
    expect(stripe().intents.get(intentId)).toMatchObject({ cancellation_reason: 'abandoned' });

    const next = await checkout(buyer, row.id);
    expect(next.status).toBe(200);
    expect(next.body).toEqual({
      clientSecret: expect.stringContaining('_secret_'),
      paymentIntentId: expect.any(String),
    });
    expect(next.body.paymentIntentId).not.toBe(intentId);
    expect(stripe().intents.get(next.body.paymentIntentId)).toMatchObject({
      amount: 5000,
      currency: 'usd',
      status: 'requires_payment_method',
    });
    expect(await paymentOf(next.body.paymentIntentId)).toMatchObject({ amountCents: 5000, status: 'requires_payment' });
  });

  it('cancels a $25 intent when the envolvement becomes free; the buyer then joins without paying', async () => {
    const { creator, buyer, row, intentId } = await openCheckoutAt(2500);

    const res = await editOffer(creator, row.id, { price: { price: 0, free: true } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ priceCents: 0, price: { price: 0, free: true } });
    expect(await standing(intentId)).toEqual(canceledFor('price_changed'));

    const paid = await checkout(buyer, row.id);
    expect(paid.status).toBe(400);
    expect(paid.body).toEqual({ error: 'This envolvement is free: join it without paying.', code: 'bad_request' });
    const join = await call('POST', '/api/payment/grant-access', { as: buyer, json: { submissionId: row.id } });
    expect(join.status).toBe(200);
    expect(join.body).toEqual({ success: true, welcome: expect.objectContaining({ envolvementId: row.id }) });
    expect(await checkAccess(buyer, row.id)).toEqual({ hasAccess: true });
  });

  it('leaves open checkouts alone when only the text, the spots or the dates change', async () => {
    const { creator, buyer, row, intentId } = await openCheckoutAt(1000);
    const res = await editOffer(creator, row.id, {
      title: 'Portrait sessions, now in colour',
      quantity: { quantity: 5, unlimited: false },
      endDate: { endDate: new Date(Date.now() + 7 * 86_400_000).toISOString(), none: false },
    });
    expect(res.status).toBe(200);
    expect(await standing(intentId)).toEqual(STILL_OPEN);
    expect(stripe().requests.filter((r) => r.path === `/v1/payment_intents/${intentId}/cancel`)).toEqual([]);
    const again = await checkout(buyer, row.id);
    expect(again.status).toBe(200);
    expect(again.body.paymentIntentId).toBe(intentId);
  });
});

describe('unpublishing or removing cancels the checkouts open on the envolvement', () => {
  it('cancels through the publish switch and through the edit form, and the buyer is refused a new one', async () => {
    const switched = await openCheckoutAt(1000);
    const res = await call('PUT', `/api/post/${switched.row.id}/active`, {
      as: switched.creator,
      json: { active: false },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ _id: switched.row.id, active: false });
    expect(await standing(switched.intentId)).toEqual(canceledFor('unpublished'));
    const refused = await checkout(switched.buyer, switched.row.id);
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ error: 'Envolvement ID not found', code: 'not_found' });

    const edited = await openCheckoutAt(1000);
    expect((await editOffer(edited.creator, edited.row.id, { isActive: false })).status).toBe(200);
    expect(await standing(edited.intentId)).toEqual(canceledFor('unpublished'));
  });

  it('cancels when the creator deletes it: archived, since a payment records it', async () => {
    const { creator, buyer, row, intentId } = await openCheckoutAt(1000);
    const res = await call('DELETE', `/api/post/${row.id}`, { as: creator });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: true, _id: row.id, archived: true, refunded: 0, refundsPending: 0 });
    expect(await standing(intentId)).toEqual(canceledFor('removed'));
    const refused = await checkout(buyer, row.id);
    expect(refused.status).toBe(410);
    expect(refused.body).toEqual({ error: 'This envolvement was removed by its creator.', code: 'gone' });
  });
});

describe('reconciliation cancels what the change could not', () => {
  it('cancels an intent left open by a price edit while Stripe was down, and one in an old currency', async () => {
    const repriced = await openCheckoutAt(1000);
    await withStripeDown(() => editOffer(repriced.creator, repriced.row.id, { price: { price: 50, free: false } }));
    const recurrencied = await openCheckoutAt(1000);
    await db().update(envolvements).set({ currency: 'eur' }).where(eq(envolvements.id, recurrencied.row.id));

    const report = await reconcilePayments({ now: new Date(Date.now() + 6 * 60_000) });
    expect(report).toEqual({ checked: 2, changed: 2, canceled: 2, failed: 0 });
    for (const { intentId } of [repriced, recurrencied]) {
      expect(stripe().intents.get(intentId)).toMatchObject({ status: 'canceled' });
      expect(await historyOf(intentId)).toEqual([
        { from: 'requires_payment', to: 'canceled', refunded: 0, applied: true, source: 'reconcile:price_changed' },
      ]);
    }
  });
});
