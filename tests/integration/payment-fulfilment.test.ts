import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { fulfilPayment } from '@/lib/payments/fulfil';
import { markForRefund, recordPayment } from '@/lib/payments/ledger';
import { envolvements, payments, purchases } from '@/models';
import { useTestDatabase } from '../helpers/db';
import { call } from '../helpers/http';
import { whileUpdating } from '../helpers/interleave';
import { checkAccess, editOffer, openCheckout, paidSetup, paymentOf, usePayments } from '../helpers/payments';
import { createEnvolvement, createUser, type TestUser } from '../factories';

useTestDatabase();
const { stripe, deliver, refundsAtStripe, withStripeDown } = usePayments();

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

const checkout = (as: TestUser | null, json: unknown) =>
  call('POST', '/api/payment/create-payment-intent', { as, json });

/** The creator edits the envolvement as the edit form does (3 spots, active, $19.99 unless told). */
async function edit(creator: TestUser, id: string, overrides: Record<string, unknown>) {
  const res = await editOffer(creator, id, { price: { price: 19.99, free: false }, ...overrides });
  expect(res.status).toBe(200);
}

const membersOf = (envolvementId: string) =>
  db()
    .select({
      userId: purchases.userId,
      amountCents: purchases.amountCents,
      paymentIntentId: purchases.paymentIntentId,
      endedAt: purchases.endedAt,
    })
    .from(purchases)
    .where(eq(purchases.envolvementId, envolvementId));

const intentCreates = (buyer: TestUser) =>
  stripe().requests.filter(
    (r) => r.method === 'POST' && r.path === '/v1/payment_intents' && r.body['metadata[userId]'] === buyer.id,
  );

const lastOutcome = (answers: Array<{ body: { outcome?: string } }>) =>
  answers
    .map((a) => a.body.outcome)
    .filter((o) => o !== 'ignored')
    .at(-1);

/**
 * An intent whose amount at Stripe differs from what the ledger recorded when it was offered
 * (changed at Stripe afterwards): the ledger row is written as the app writes it.
 */
async function intentChangedAtStripe(buyer: TestUser, envolvementId: string, charged: number) {
  const intent = stripe().addIntent({
    amount: charged,
    status: 'requires_payment_method',
    metadata: { envolvementId, userId: buyer.id },
  });
  await db()
    .insert(payments)
    .values({ id: intent.id, envolvementId, buyerId: buyer.id, amountCents: 1999, currency: 'usd' });
  return intent.id;
}

// A price edited between the checkout and the payment: tests/integration/payment-offer-changes.test.ts
// and payment-offer-refunds.test.ts.

describe('a payment that cannot be fulfilled is refunded in full', () => {
  it('refunds a second payment of someone who already joined through another intent', async () => {
    const { buyer, row } = await paidSetup();
    const first = await openCheckout(buyer, row.id);
    stripe().succeed(first);
    await deliver(stripe().eventsFor(first));
    const second = await intentChangedAtStripe(buyer, row.id, 1999);
    stripe().succeed(second);
    const answers = await deliver(stripe().eventsFor(second));
    expect(lastOutcome(answers)).toBe('moved: succeeded; refund: already_joined');
    expect(refundsAtStripe(second)).toEqual([{ amount: 1999, reason: 'already_joined' }]);
    expect(await paymentOf(second)).toMatchObject({
      status: 'refunded',
      amountRefundedCents: 1999,
      refundReason: 'already_joined',
      refundRequestedBy: null,
    });
    expect(await membersOf(row.id)).toEqual([
      { userId: buyer.id, amountCents: 1999, paymentIntentId: first, endedAt: null },
    ]);
    expect(refundsAtStripe(first)).toEqual([]);
    expect(await checkAccess(buyer, row.id)).toEqual({ hasAccess: true });
  });

  it('refunds a checkout paid after the buyer joined for free', async () => {
    const { creator, buyer, row } = await paidSetup();
    const intentId = await openCheckout(buyer, row.id);
    // Stripe down: the edit could not cancel the checkout, which the buyer pays after joining.
    await withStripeDown(() => edit(creator, row.id, { price: { price: 0, free: true } }));
    expect(
      (await call('POST', '/api/payment/grant-access', { as: buyer, json: { submissionId: row.id } })).status,
    ).toBe(200);
    stripe().succeed(intentId);
    await deliver(stripe().eventsFor(intentId));
    expect(refundsAtStripe(intentId)).toEqual([{ amount: 1999, reason: 'already_joined' }]);
    expect(await paymentOf(intentId)).toMatchObject({ status: 'refunded', refundReason: 'already_joined' });
    expect(await membersOf(row.id)).toEqual([
      { userId: buyer.id, amountCents: 0, paymentIntentId: null, endedAt: null },
    ]);
  });

  it('refunds everything Stripe took when the amount paid is not the amount offered', async () => {
    const { buyer, row } = await paidSetup();
    const other = await createUser();
    const less = await intentChangedAtStripe(buyer, row.id, 999);
    const more = await intentChangedAtStripe(other, row.id, 2999);
    for (const intentId of [less, more]) {
      stripe().succeed(intentId);
      const answers = await deliver(stripe().eventsFor(intentId));
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
    }
    expect(refundsAtStripe(less)).toEqual([{ amount: 999, reason: 'amount_mismatch' }]);
    expect(refundsAtStripe(more)).toEqual([{ amount: 2999, reason: 'amount_mismatch' }]);
    for (const intentId of [less, more]) {
      const charge = stripe().charges.get(stripe().intents.get(intentId)!.latest_charge!)!;
      expect(charge).toMatchObject({ refunded: true, amount_refunded: charge.amount });
      expect(await paymentOf(intentId)).toMatchObject({
        status: 'refunded',
        amountRefundedCents: 1999,
        refundReason: 'amount_mismatch',
      });
    }
    expect(await membersOf(row.id)).toEqual([]);
  });

  it('refunds a payment for a sold-out, paused or ended envolvement with its reason', async () => {
    const { creator, buyer, row: soldOut } = await paidSetup({ quantity: 1 });
    const paused = await createEnvolvement(creator.id, { priceCents: 1999 });
    const ending = await createEnvolvement(creator.id, { priceCents: 1999 });
    const checkouts = {
      sold_out: await openCheckout(buyer, soldOut.id),
      inactive: await openCheckout(buyer, paused.id),
      ended: await openCheckout(buyer, ending.id),
    };
    // While the buyer pays: the last spot goes to someone else, the creator pauses, the period ends.
    const rival = await openCheckout(await createUser(), soldOut.id);
    stripe().succeed(rival);
    await deliver(stripe().eventsFor(rival));
    // Stripe down: the pause could not cancel the checkout, which the buyer pays anyway.
    await withStripeDown(() => edit(creator, paused.id, { isActive: false, quantity: { quantity: null } }));
    await db()
      .update(envolvements)
      .set({ endDate: sql`now() - interval '1 minute'` })
      .where(eq(envolvements.id, ending.id));

    for (const [reason, intentId] of Object.entries(checkouts)) {
      stripe().succeed(intentId);
      await deliver(stripe().eventsFor(intentId));
      expect(refundsAtStripe(intentId)).toEqual([{ amount: 1999, reason }]);
      expect(await paymentOf(intentId)).toMatchObject({ status: 'refunded', refundReason: reason });
      expect(await db().select().from(purchases).where(eq(purchases.paymentIntentId, intentId))).toEqual([]);
    }
  });
});

describe('POST /api/payment/create-payment-intent: one open intent per buyer, keys from every parameter', () => {
  it('gives a second checkout the same intent, asking Stripe once', async () => {
    const { buyer, row } = await paidSetup();
    const first = await checkout(buyer, { submissionId: row.id });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      clientSecret: expect.stringContaining('_secret_'),
      paymentIntentId: expect.stringMatching(/^pi_/),
    });
    const second = await checkout(buyer, { submissionId: row.id });
    expect(second.body).toEqual(first.body);
    expect(intentCreates(buyer)).toHaveLength(1);
    expect(await db().select({ id: payments.id, status: payments.status }).from(payments)).toEqual([
      { id: first.body.paymentIntentId, status: 'requires_payment' },
    ]);
  });

  it('gives checkouts opened at the same moment one intent', async () => {
    const { buyer, row } = await paidSetup();
    const answers = await Promise.all(Array.from({ length: 5 }, () => checkout(buyer, { submissionId: row.id })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.paymentIntentId)).size).toBe(1);
    expect(await db().select().from(payments)).toHaveLength(1);
    // A checkout that counted the attempts after another had recorded its intent opens a
    // second one at Stripe (on the server); it is canceled, never left payable.
    const payable = [...stripe().intents.values()].filter(
      (i) => i.metadata.userId === buyer.id && i.status !== 'canceled',
    );
    expect(payable.map((i) => i.id)).toEqual([answers[0]!.body.paymentIntentId]);
  });

  it('cancels the open intent when the price changed, and offers a new one at the new price', async () => {
    const { creator, buyer, row } = await paidSetup();
    // The edit form's text from the start, so that only the price differs between checkouts.
    await edit(creator, row.id, {});
    const old = await openCheckout(buyer, row.id);
    await edit(creator, row.id, { price: { price: 24.99, free: false } });
    const res = await checkout(buyer, { submissionId: row.id });
    expect(res.status).toBe(200);
    const fresh = res.body.paymentIntentId;
    expect(fresh).not.toBe(old);
    expect(stripe().intents.get(old)).toMatchObject({ status: 'canceled' });
    expect(await paymentOf(old)).toMatchObject({ status: 'canceled' });
    expect(stripe().intents.get(fresh)).toMatchObject({ amount: 2499, status: 'requires_payment_method' });
    expect(await paymentOf(fresh)).toMatchObject({ amountCents: 2499, status: 'requires_payment' });

    // Back to the first price: a new intent again, never the canceled one.
    await edit(creator, row.id, { price: { price: 19.99, free: false } });
    const back = await checkout(buyer, { submissionId: row.id });
    expect(back.status).toBe(200);
    expect([old, fresh]).not.toContain(back.body.paymentIntentId);
    expect(stripe().intents.get(back.body.paymentIntentId)).toMatchObject({
      amount: 1999,
      status: 'requires_payment_method',
    });
    expect(stripe().intents.get(fresh)).toMatchObject({ status: 'canceled' });
    const open = await db()
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.buyerId, buyer.id), eq(payments.status, 'requires_payment')));
    expect(open).toEqual([{ id: back.body.paymentIntentId }]);
  });

  it('retries a checkout whose ledger write was lost: the same intent, or a new one after the title changed', async () => {
    const { creator, buyer, row } = await paidSetup();
    // A crash between Stripe's answer and the ledger write leaves an intent only Stripe knows.
    const loseLedgerWrite = (id: string) => db().delete(payments).where(eq(payments.id, id));
    const first = await openCheckout(buyer, row.id);
    await loseLedgerWrite(first);
    expect(await openCheckout(buyer, row.id)).toBe(first);
    expect(await paymentOf(first)).toMatchObject({ status: 'requires_payment' });

    await loseLedgerWrite(first);
    await edit(creator, row.id, { title: 'Portrait sessions, now in colour' });
    const res = await checkout(buyer, { submissionId: row.id });
    expect(res.status).toBe(200);
    expect(res.body.paymentIntentId).not.toBe(first);
    expect(stripe().intents.get(res.body.paymentIntentId)).toMatchObject({
      description: 'Portrait sessions, now in colour',
      amount: 1999,
    });
  });

  it('gives a buyer refunded by the creator a new intent to join again', async () => {
    const { creator, buyer, row } = await paidSetup();
    const first = await openCheckout(buyer, row.id);
    stripe().succeed(first);
    await deliver(stripe().eventsFor(first));
    const [purchase] = await db().select().from(purchases).where(eq(purchases.paymentIntentId, first));
    expect((await call('POST', `/api/payment/refund/${purchase!.id}`, { as: creator })).status).toBe(200);

    const again = await openCheckout(buyer, row.id);
    expect(again).not.toBe(first);
    expect(stripe().intents.get(again)).toMatchObject({ status: 'requires_payment_method', amount: 1999 });
    stripe().succeed(again);
    await deliver(stripe().eventsFor(again));
    expect(await checkAccess(buyer, row.id)).toEqual({ hasAccess: true });
    expect((await membersOf(row.id)).map((m) => [m.paymentIntentId, m.endedAt === null])).toEqual(
      expect.arrayContaining([
        [first, false],
        [again, true],
      ]),
    );
  });

  it('answers 409 while the open intent is processing', async () => {
    const { buyer, row } = await paidSetup();
    const intentId = await openCheckout(buyer, row.id);
    stripe().process(intentId);
    await deliver(stripe().eventsFor(intentId));
    const res = await checkout(buyer, { submissionId: row.id });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: 'Your payment is being processed. Check back in a moment.', code: 'conflict' });
  });

  it('answers 400 without an id, 404 for an unknown or malformed one, 401 signed out, 403 to the creator; another buyer gets their own', async () => {
    const { creator, buyer, row } = await paidSetup();
    const missing = await checkout(buyer, {});
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      error: 'submissionId is required',
      code: 'bad_request',
      fields: { submissionId: 'submissionId is required' },
    });
    for (const submissionId of [UNKNOWN, 'nope']) {
      const res = await checkout(buyer, { submissionId });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Envolvement ID not found', code: 'not_found' });
    }
    const signedOut = await checkout(null, { submissionId: row.id });
    expect(signedOut.status).toBe(401);
    expect(signedOut.body).toEqual({ error: 'You must be signed in to do this.', code: 'unauthorized' });
    const own = await checkout(creator, { submissionId: row.id });
    expect(own.status).toBe(403);
    expect(own.body).toEqual({ error: 'You cannot join your own envolvement.', code: 'forbidden' });

    const mine = await openCheckout(buyer, row.id);
    const other = await createUser();
    const theirs = await openCheckout(other, row.id);
    expect(theirs).not.toBe(mine);
    expect(stripe().intents.get(theirs)!.metadata).toEqual({ envolvementId: row.id, userId: other.id });
    expect(await db().select().from(payments)).toHaveLength(2);
  });
});

describe('fulfilPayment, called directly', () => {
  const paid = { amountCents: 1999, currency: 'usd' };

  /** A checkout the buyer paid, before the webhook or the completion page decided it. */
  async function paidCheckout(buyer: TestUser, envolvementId: string) {
    const intentId = await openCheckout(buyer, envolvementId);
    stripe().succeed(intentId);
    await db().update(payments).set({ status: 'succeeded' }).where(eq(payments.id, intentId));
    return intentId;
  }

  const membershipsOf = (intentId: string) =>
    db().select().from(purchases).where(eq(purchases.paymentIntentId, intentId));

  it('decides nothing for an unknown payment, one not paid yet, or one already marked for a refund', async () => {
    const { creator, buyer, row } = await paidSetup();
    expect(await fulfilPayment('pi_unknown', paid)).toBeNull();

    const waiting = await openCheckout(buyer, row.id);
    expect(await fulfilPayment(waiting, paid)).toMatchObject({ status: 'requires_payment', refundReason: null });
    expect(await membershipsOf(waiting)).toEqual([]);

    const other = await createUser();
    const marked = await paidCheckout(other, row.id);
    await markForRefund(marked, 'creator', creator.id);
    expect(await fulfilPayment(marked, paid)).toMatchObject({ status: 'succeeded', refundReason: 'creator' });
    expect(await membershipsOf(marked)).toEqual([]);
    const [{ n }] = (await db()
      .select({ n: envolvements.currentCount })
      .from(envolvements)
      .where(eq(envolvements.id, row.id))) as [{ n: number }];
    expect(n).toBe(0);
  });

  it("refunds a payment by the envolvement's own creator, which checkout never offers", async () => {
    const { creator, row } = await paidSetup();
    const intentId = 'pi_own_checkout';
    await recordPayment({ id: intentId, envolvementId: row.id, buyerId: creator.id, ...paid });
    await db().update(payments).set({ status: 'succeeded' }).where(eq(payments.id, intentId));

    expect(await fulfilPayment(intentId, paid)).toMatchObject({ refundReason: 'own' });
    expect(await membershipsOf(intentId)).toEqual([]);
  });

  it('refunds as already joined when a free join lands between its check and its spot', async () => {
    const { buyer, row } = await paidSetup();
    const intentId = await paidCheckout(buyer, row.id);

    const decided = await whileUpdating(
      'envolvements',
      `insert into purchases (envolvement_id, user_id) values (NEW.id, '${buyer.id}'); return NEW;`,
      () => fulfilPayment(intentId, paid),
    );

    expect(decided).toMatchObject({ status: 'succeeded', refundReason: 'already_joined' });
    expect(await membershipsOf(intentId)).toEqual([]);
  });
});
