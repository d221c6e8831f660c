import { randomUUID } from 'node:crypto';
import net, { type AddressInfo } from 'node:net';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { db } from '@/lib/db/client';
import { getStripe } from '@/lib/stripe/client';
import { envolvements, paymentEvents, payments, paymentStatusChanges, posts, purchases } from '@/models';
import { createEnvolvement, createPurchase, createUser, type TestUser } from '../factories';
import { useTestDatabase } from '../helpers/db';
import type { FakeEvent } from '../helpers/fake-stripe';
import type { FakeObject } from '../helpers/fake-stripe-ledger';
import { call } from '../helpers/http';
import {
  deliver,
  expectToldOfPayment,
  handled,
  historyOf,
  openCheckout,
  openPaidCheckout,
  paidSetup,
  pay,
  postWebhook,
  useFakeStripe,
} from '../helpers/payments';

useTestDatabase();
const stripe = useFakeStripe();

// Status and body only, so that whole answers compare with toEqual.
async function answer(pending: ReturnType<typeof call>) {
  const { status, body } = await pending;
  return { status, body };
}

const grant = (as: TestUser | null, submissionId: string, paymentIntentId: string) =>
  answer(call('POST', '/api/payment/grant-access', { as, json: { submissionId, paymentIntentId } }));
const checkout = (as: TestUser | null, submissionId: string) =>
  answer(call('POST', '/api/payment/create-payment-intent', { as, json: { submissionId } }));
const amountOf = (as: TestUser | null, id: string) =>
  answer(call('GET', `/api/payment/get-payment-amount/${encodeURIComponent(id)}`, { as }));
const submissionOf = (as: TestUser | null, id: string) =>
  answer(call('GET', `/api/payment/get-submission/${encodeURIComponent(id)}`, { as }));
const comments = (as: TestUser, id: string) => answer(call('GET', `/api/post/get-comments/${id}`, { as }));
const postOf = (as: TestUser, id: string) => answer(call('GET', `/api/post/${id}`, { as }));

async function hasAccess(as: TestUser, envolvementId: string): Promise<boolean> {
  const res = await call('GET', `/api/payment/check-access/${envolvementId}`, {
    as,
  });
  expect(res.status).toBe(200);
  return res.body.hasAccess;
}

const conflict = (error: string) => ({ status: 409, body: { error, code: 'conflict' } });
// Granted, with the welcome the completion page shows the new member.
const SUCCESS = { status: 200, body: { success: true, welcome: expect.objectContaining({ welcomeMessage: '' }) } };

async function ledgerOf(id: string) {
  const [row] = await db()
    .select({
      status: payments.status,
      amountRefundedCents: payments.amountRefundedCents,
      refundReason: payments.refundReason,
    })
    .from(payments)
    .where(eq(payments.id, id));
  return row;
}

async function membershipsOf(envolvementId: string, userId: string) {
  const rows = await db()
    .select({ paymentIntentId: purchases.paymentIntentId, endedAt: purchases.endedAt, endReason: purchases.endReason })
    .from(purchases)
    .where(and(eq(purchases.envolvementId, envolvementId), eq(purchases.userId, userId)))
    .orderBy(asc(purchases.createdAt));
  return rows.map((r) => ({ paymentIntentId: r.paymentIntentId, ended: r.endedAt !== null, endReason: r.endReason }));
}

async function heldMemberships(envolvementId: string, userId: string) {
  return db()
    .select({ id: purchases.id })
    .from(purchases)
    .where(and(eq(purchases.envolvementId, envolvementId), eq(purchases.userId, userId), isNull(purchases.endedAt)));
}

async function spotsTaken(envolvementId: string): Promise<number> {
  const [row] = await db()
    .select({ n: envolvements.currentCount })
    .from(envolvements)
    .where(eq(envolvements.id, envolvementId));
  return row!.n;
}

/** Stored events that name this payment, or these event ids (events the ledger does not follow name none). */
async function storedEvents(which: string | string[]) {
  return db()
    .select({ id: paymentEvents.id, type: paymentEvents.type, outcome: paymentEvents.outcome })
    .from(paymentEvents)
    .where(typeof which === 'string' ? eq(paymentEvents.paymentIntentId, which) : inArray(paymentEvents.id, which))
    .orderBy(asc(paymentEvents.createdAt));
}

/** The latest event of this type fake Stripe sent about a payment. */
function eventOf(paymentIntentId: string, type: string): FakeEvent {
  const found = stripe()
    .eventsFor(paymentIntentId)
    .filter((e) => e.type === type)
    .at(-1);
  if (!found) throw new Error(`fake Stripe sent no ${type} for ${paymentIntentId}`);
  return found;
}

/** The amounts fake Stripe refunded on a payment. */
const refundsAtStripe = (paymentIntentId: string) =>
  [...stripe().refundsById.values()].filter((r) => r.payment_intent === paymentIntentId).map((r) => r.amount);

/**
 * A signed event Stripe never sent in this sequence, made from one it did: what a late
 * retry, a replay from another endpoint or a contradictory report looks like to the app.
 */
function variantOf(event: FakeEvent, type: string, changes: Record<string, unknown> = {}): FakeEvent {
  return {
    ...event,
    id: `evt_variant_${randomUUID().replaceAll('-', '')}`,
    type,
    data: { object: { ...event.data.object, ...changes } as FakeObject },
  };
}

/** Runs `work` with the app pointed at a port where nothing listens: Stripe unreachable. */
async function whileStripeIsDown<T>(work: () => Promise<T>): Promise<T> {
  const closed = net.createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const { port } = closed.address() as AddressInfo;
  await new Promise((resolve) => closed.close(resolve));
  const real = process.env.STRIPE_API_PORT;
  process.env.STRIPE_API_PORT = String(port);
  // The route logs the failure it answers 500 for; expected here.
  const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    return await work();
  } finally {
    process.env.STRIPE_API_PORT = real;
    logged.mockRestore();
  }
}

const event = (source: FakeEvent) => `event:${source.id}`;

/** The payment's last recorded move is `from` → `to`, refused (not applied), on `source`. */
async function expectRefusedLast(paymentId: string, from: string, to: string, source: FakeEvent) {
  expect((await historyOf(paymentId)).at(-1)).toEqual({ from, to, refunded: 0, applied: false, source: event(source) });
}

/** Delivers Stripe's latest event of each type about the payment, in that order. */
const deliverLatest = (paymentIntentId: string, ...types: string[]) =>
  deliver(
    stripe(),
    types.map((type) => eventOf(paymentIntentId, type)),
  );

async function deliverOne(source: FakeEvent) {
  const [answer] = await deliver(stripe(), [source]);
  return answer!;
}

/** A paid membership: checkout, payment at Stripe and its events delivered in order. */
async function paidMember(overrides: Parameters<typeof paidSetup>[0] = {}) {
  const setup = await paidSetup(overrides);
  const { id, answers } = await pay(stripe(), setup.buyer, setup.row.id);
  expect(answers).toEqual([handled('ignored'), handled('moved: succeeded')]);
  return { ...setup, id };
}

describe('the ledger follows Stripe, forward only', () => {
  it('requires_payment → processing → succeeded, and the membership comes with succeeded', async () => {
    const { buyer, row, id } = await openPaidCheckout();
    expect(await ledgerOf(id)).toEqual({ status: 'requires_payment', amountRefundedCents: 0, refundReason: null });

    stripe().process(id);
    const processing = eventOf(id, 'payment_intent.processing');
    expect(await deliverOne(processing)).toEqual(handled('moved: processing'));
    expect(await hasAccess(buyer, row.id)).toBe(false);
    expect(await grant(buyer, row.id, id)).toEqual(conflict('Payment has not been completed.'));

    stripe().succeed(id);
    const succeeded = eventOf(id, 'payment_intent.succeeded');
    expect(await deliver(stripe(), [eventOf(id, 'charge.succeeded'), succeeded])).toEqual([
      handled('ignored'),
      handled('moved: succeeded'),
    ]);
    expect(await hasAccess(buyer, row.id)).toBe(true);
    expect(await membershipsOf(row.id, buyer.id)).toEqual([{ paymentIntentId: id, ended: false, endReason: null }]);
    expect(await spotsTaken(row.id)).toBe(1);
    expect(await historyOf(id)).toEqual([
      { from: 'requires_payment', to: 'processing', refunded: 0, applied: true, source: event(processing) },
      { from: 'processing', to: 'succeeded', refunded: 0, applied: true, source: event(succeeded) },
    ]);
  });

  it('a declined card fails the payment; the retry on the same intent succeeds', async () => {
    const { buyer, row, id } = await openPaidCheckout();
    stripe().fail(id);
    expect(await deliverOne(eventOf(id, 'payment_intent.payment_failed'))).toEqual(handled('moved: failed'));
    expect((await amountOf(buyer, id)).body).toEqual({
      amount: 1999,
      currency: 'usd',
      status: 'failed',
      refundReason: null,
      paidAt: null,
    });
    expect(await hasAccess(buyer, row.id)).toBe(false);
    expect(await openCheckout(buyer, row.id)).toBe(id);

    stripe().succeed(id);
    expect(await deliverOne(eventOf(id, 'payment_intent.succeeded'))).toEqual(handled('moved: succeeded'));
    expect(await hasAccess(buyer, row.id)).toBe(true);
    expect((await historyOf(id)).map((h) => [h.from, h.to, h.applied])).toEqual([
      ['requires_payment', 'failed', true],
      ['failed', 'succeeded', true],
    ]);
  });

  it('processing → failed when the bank declines later', async () => {
    const { id } = await openPaidCheckout();
    stripe().process(id);
    stripe().fail(id);
    const answers = await deliverLatest(id, 'payment_intent.processing', 'payment_intent.payment_failed');
    expect(answers).toEqual([handled('moved: processing'), handled('moved: failed')]);
    expect(await ledgerOf(id)).toEqual({ status: 'failed', amountRefundedCents: 0, refundReason: null });
  });

  it('failed → processing → succeeded, and failed → canceled', async () => {
    const { buyer, row } = await paidSetup();
    const retried = await openCheckout(buyer, row.id);
    stripe().fail(retried);
    stripe().process(retried);
    stripe().succeed(retried);
    const events = ['payment_intent.payment_failed', 'payment_intent.processing', 'payment_intent.succeeded'].map(
      (type) => eventOf(retried, type),
    );
    expect(await deliver(stripe(), events)).toEqual([
      handled('moved: failed'),
      handled('moved: processing'),
      handled('moved: succeeded'),
    ]);

    const other = await paidSetup();
    const abandoned = await openCheckout(other.buyer, other.row.id);
    stripe().fail(abandoned);
    await getStripe().paymentIntents.cancel(abandoned);
    const answers = await deliverLatest(abandoned, 'payment_intent.payment_failed', 'payment_intent.canceled');
    expect(answers).toEqual([handled('moved: failed'), handled('moved: canceled')]);
    expect(await hasAccess(other.buyer, other.row.id)).toBe(false);
  });

  it('an intent canceled at Stripe ends canceled, and the next checkout opens a new one', async () => {
    const { buyer, row, id } = await openPaidCheckout();
    await getStripe().paymentIntents.cancel(id);
    expect(await deliverOne(eventOf(id, 'payment_intent.canceled'))).toEqual(handled('moved: canceled'));
    expect(await grant(buyer, row.id, id)).toEqual(conflict('This payment was canceled.'));
    const next = await openCheckout(buyer, row.id);
    expect(next).not.toBe(id);
    expect(await ledgerOf(next)).toEqual({ status: 'requires_payment', amountRefundedCents: 0, refundReason: null });
  });

  it('succeeded → partially_refunded → refunded, the amount refunded kept at each step', async () => {
    const { buyer, row, id } = await paidMember();
    stripe().refund(id, 500);
    const partial = eventOf(id, 'charge.refunded');
    expect(await deliverOne(partial)).toEqual(handled('moved: partially_refunded'));
    expect(await ledgerOf(id)).toEqual({ status: 'partially_refunded', amountRefundedCents: 500, refundReason: null });
    stripe().refund(id);
    const full = eventOf(id, 'charge.refunded');
    expect(await deliverOne(full)).toEqual(handled('moved: refunded'));
    expect(await ledgerOf(id)).toEqual({ status: 'refunded', amountRefundedCents: 1999, refundReason: null });
    expect((await historyOf(id)).slice(1)).toEqual([
      { from: 'succeeded', to: 'partially_refunded', refunded: 500, applied: true, source: event(partial) },
      { from: 'partially_refunded', to: 'refunded', refunded: 1999, applied: true, source: event(full) },
    ]);
    expect(await hasAccess(buyer, row.id)).toBe(false);
  });
});

describe('a move backwards is recorded and ignored', () => {
  it('payment_failed arriving after succeeded', async () => {
    const { buyer, row, id } = await openPaidCheckout();
    stripe().fail(id);
    stripe().succeed(id);
    const failed = eventOf(id, 'payment_intent.payment_failed');
    const answers = await deliver(stripe(), [eventOf(id, 'payment_intent.succeeded'), failed]);
    expect(answers).toEqual([handled('moved: succeeded'), handled('refused succeeded → intent')]);
    expect(await ledgerOf(id)).toEqual({ status: 'succeeded', amountRefundedCents: 0, refundReason: null });
    await expectRefusedLast(id, 'succeeded', 'failed', failed);
    expect((await storedEvents(id)).at(-1)).toEqual({
      id: failed.id,
      type: 'payment_intent.payment_failed',
      outcome: 'refused succeeded → intent',
    });
    expect(await hasAccess(buyer, row.id)).toBe(true);
  });

  it('processing arriving after succeeded', async () => {
    const { buyer, row, id } = await openPaidCheckout();
    stripe().process(id);
    stripe().succeed(id);
    const answers = await deliverLatest(id, 'payment_intent.succeeded', 'payment_intent.processing');
    expect(answers).toEqual([handled('moved: succeeded'), handled('refused succeeded → intent')]);
    expect(await ledgerOf(id)).toEqual({ status: 'succeeded', amountRefundedCents: 0, refundReason: null });
    expect(await hasAccess(buyer, row.id)).toBe(true);
  });

  it('canceled arriving after succeeded', async () => {
    const { buyer, row, id } = await paidMember();
    const canceled = variantOf(eventOf(id, 'payment_intent.succeeded'), 'payment_intent.canceled', {
      status: 'canceled',
    });
    expect(await deliverOne(canceled)).toEqual(handled('refused succeeded → intent'));
    await expectRefusedLast(id, 'succeeded', 'canceled', canceled);
    expect(await ledgerOf(id)).toEqual({ status: 'succeeded', amountRefundedCents: 0, refundReason: null });
    expect(await hasAccess(buyer, row.id)).toBe(true);
  });

  it('succeeded arriving after canceled grants nothing', async () => {
    const { buyer, row, id } = await openPaidCheckout();
    await getStripe().paymentIntents.cancel(id);
    const canceled = eventOf(id, 'payment_intent.canceled');
    expect(await deliverOne(canceled)).toEqual(handled('moved: canceled'));
    const succeeded = variantOf(canceled, 'payment_intent.succeeded', { status: 'succeeded', amount_received: 1999 });
    expect(await deliverOne(succeeded)).toEqual(handled('refused canceled → intent'));
    await expectRefusedLast(id, 'canceled', 'succeeded', succeeded);
    expect(await ledgerOf(id)).toEqual({ status: 'canceled', amountRefundedCents: 0, refundReason: null });
    expect(await membershipsOf(row.id, buyer.id)).toEqual([]);
    expect(await spotsTaken(row.id)).toBe(0);
  });

  it('a stale succeeded after a partial refund keeps the refund and the access', async () => {
    const { buyer, row, id } = await openPaidCheckout();
    stripe().succeed(id);
    stripe().refund(id, 500);
    // The refund proves the payment: the membership is granted on it, before succeeded arrives.
    const succeeded = eventOf(id, 'payment_intent.succeeded');
    const answers = await deliver(stripe(), [eventOf(id, 'charge.refunded'), succeeded]);
    expect(answers).toEqual([handled('moved: partially_refunded'), handled('refused partially_refunded → intent')]);
    expect(await ledgerOf(id)).toEqual({ status: 'partially_refunded', amountRefundedCents: 500, refundReason: null });
    expect((await historyOf(id)).at(-1)).toEqual({
      from: 'partially_refunded',
      to: 'succeeded',
      refunded: 500,
      applied: false,
      source: event(succeeded),
    });
    expect(await hasAccess(buyer, row.id)).toBe(true);
    expect(await spotsTaken(row.id)).toBe(1);
  });

  it('a dispute won after it was lost changes nothing', async () => {
    const { buyer, row, id } = await paidMember();
    const dispute = stripe().dispute(id);
    stripe().closeDispute(dispute.id, 'lost');
    const lost = eventOf(id, 'charge.dispute.closed');
    expect(await deliver(stripe(), [eventOf(id, 'charge.dispute.created'), lost])).toEqual([
      handled('moved: disputed'),
      handled('moved: dispute_lost'),
    ]);
    const won = variantOf(lost, 'charge.dispute.closed', { status: 'won' });
    expect(await deliverOne(won)).toEqual(handled('refused dispute_lost → dispute_closed'));
    await expectRefusedLast(id, 'dispute_lost', 'succeeded', won);
    expect(await ledgerOf(id)).toEqual({ status: 'dispute_lost', amountRefundedCents: 0, refundReason: null });
    expect(await hasAccess(buyer, row.id)).toBe(false);
    expect(await membershipsOf(row.id, buyer.id)).toEqual([
      { paymentIntentId: id, ended: true, endReason: 'dispute_lost' },
    ]);
  });
});

describe('a refunded payment never grants access again', () => {
  it('after charge.refunded: grant-access with the refunded intent is refused', async () => {
    const { buyer, row, id } = await paidMember();
    stripe().refund(id);
    expect(await deliverOne(eventOf(id, 'charge.refunded'))).toEqual(handled('moved: refunded'));
    expect(await hasAccess(buyer, row.id)).toBe(false);

    expect(await grant(buyer, row.id, id)).toEqual(conflict('This payment was refunded.'));
    expect(await hasAccess(buyer, row.id)).toBe(false);
    expect(await heldMemberships(row.id, buyer.id)).toEqual([]);
    expect(await membershipsOf(row.id, buyer.id)).toEqual([
      { paymentIntentId: id, ended: true, endReason: 'refunded' },
    ]);
    expect(await spotsTaken(row.id)).toBe(0);
    expect((await amountOf(buyer, id)).body).toEqual({
      amount: 1999,
      currency: 'usd',
      status: 'refunded',
      refundReason: 'This payment was refunded.',
      paidAt: expect.any(String),
    });
  });

  it("after an automatic 'Sold Out' refund, even once a spot frees up", async () => {
    const { buyer, row } = await paidSetup({ quantity: 1 });
    const id = await openCheckout(buyer, row.id);
    const rival = await createUser();
    const { id: rivalId } = await pay(stripe(), rival, row.id);

    stripe().succeed(id);
    expect(await deliverOne(eventOf(id, 'payment_intent.succeeded'))).toEqual(
      handled('moved: succeeded; refund: sold_out'),
    );
    expect(await ledgerOf(id)).toEqual({ status: 'refunded', amountRefundedCents: 1999, refundReason: 'sold_out' });
    // The refund's own event finds the ledger already there.
    expect(await deliverOne(eventOf(id, 'charge.refunded'))).toEqual(handled('unchanged: refunded; refund: sold_out'));

    stripe().refund(rivalId);
    expect(await deliverOne(eventOf(rivalId, 'charge.refunded'))).toEqual(handled('moved: refunded'));
    expect(await spotsTaken(row.id)).toBe(0);

    const sentence = 'The last spot went while you were paying, so this payment was refunded.';
    expect(await grant(buyer, row.id, id)).toEqual(conflict(sentence));
    expect(await hasAccess(buyer, row.id)).toBe(false);
    expect(await heldMemberships(row.id, buyer.id)).toEqual([]);
    expect(await spotsTaken(row.id)).toBe(0);
    await expectToldOfPayment(buyer, id, 'refunded', sentence);
    expect(refundsAtStripe(id)).toEqual([1999]);
  });

  it("after a 'Sold Out' refund Stripe could not take at first, once a spot frees up", async () => {
    const { buyer, row } = await paidSetup({ quantity: 1 });
    const id = await openCheckout(buyer, row.id);
    const { id: rivalId } = await pay(stripe(), await createUser(), row.id);
    stripe().succeed(id);

    const failed = await whileStripeIsDown(() => deliverOne(eventOf(id, 'payment_intent.succeeded')));
    // Stripe could not be reached: 503, and the event is left to Stripe's retry.
    expect(failed).toEqual({
      status: 503,
      body: { error: 'Envolve is briefly unavailable. Please try again in a moment.', code: 'unavailable' },
    });
    expect(await ledgerOf(id)).toEqual({ status: 'succeeded', amountRefundedCents: 0, refundReason: 'sold_out' });
    expect(await storedEvents(id)).toEqual([]);

    stripe().refund(rivalId);
    expect(await deliverOne(eventOf(rivalId, 'charge.refunded'))).toEqual(handled('moved: refunded'));
    expect(await spotsTaken(row.id)).toBe(0);

    // The free spot is not taken: the refund decided before is finished.
    const sentence = 'The last spot went while you were paying, so this payment was refunded.';
    expect(await grant(buyer, row.id, id)).toEqual(conflict(sentence));
    expect(await ledgerOf(id)).toEqual({ status: 'refunded', amountRefundedCents: 1999, refundReason: 'sold_out' });
    expect(refundsAtStripe(id)).toEqual([1999]);
    expect(await membershipsOf(row.id, buyer.id)).toEqual([]);
    expect(await spotsTaken(row.id)).toBe(0);
    // Stripe's retry of the event finds it all done.
    expect(await deliverOne(eventOf(id, 'payment_intent.succeeded'))).toEqual(
      handled('refused refunded → intent; refund: sold_out'),
    );
    expect(await hasAccess(buyer, row.id)).toBe(false);
  });

  it('when charge.refunded arrives before payment_intent.succeeded', async () => {
    const { buyer, row, id } = await openPaidCheckout();
    stripe().succeed(id);
    stripe().refund(id);
    const refunded = eventOf(id, 'charge.refunded');
    const succeeded = eventOf(id, 'payment_intent.succeeded');
    const answers = await deliver(stripe(), [refunded, succeeded, eventOf(id, 'charge.succeeded')]);
    expect(answers).toEqual([handled('moved: refunded'), handled('refused refunded → intent'), handled('ignored')]);
    expect(await historyOf(id)).toEqual([
      { from: 'requires_payment', to: 'refunded', refunded: 1999, applied: true, source: event(refunded) },
      { from: 'refunded', to: 'succeeded', refunded: 1999, applied: false, source: event(succeeded) },
    ]);

    expect(await grant(buyer, row.id, id)).toEqual(conflict('This payment was refunded.'));
    expect(await hasAccess(buyer, row.id)).toBe(false);
    expect(await membershipsOf(row.id, buyer.id)).toEqual([]);
    expect(await spotsTaken(row.id)).toBe(0);
  });
});

describe('partial refunds and what a webhook may not do', () => {
  it('a partial refund keeps access, and the checkout says already bought', async () => {
    const { buyer, row, id } = await paidMember();
    stripe().refund(id, 500);
    expect(await deliverOne(eventOf(id, 'charge.refunded'))).toEqual(handled('moved: partially_refunded'));
    expect(await hasAccess(buyer, row.id)).toBe(true);
    expect(await checkout(buyer, row.id)).toEqual(conflict('You have already bought this!'));
    expect(await grant(buyer, row.id, id)).toEqual(SUCCESS);
    await expectToldOfPayment(buyer, id, 'partially_refunded');
    expect(await spotsTaken(row.id)).toBe(1);
  });

  it('a full refund after a partial one revokes access and frees the spot', async () => {
    const { buyer, row, id } = await paidMember();
    stripe().refund(id, 500);
    stripe().refund(id);
    const [partial, full] = stripe()
      .eventsFor(id)
      .filter((e) => e.type === 'charge.refunded');
    expect(await deliver(stripe(), [partial!, full!])).toEqual([
      handled('moved: partially_refunded'),
      handled('moved: refunded'),
    ]);
    expect(await ledgerOf(id)).toEqual({ status: 'refunded', amountRefundedCents: 1999, refundReason: null });
    expect(await hasAccess(buyer, row.id)).toBe(false);
    expect(await membershipsOf(row.id, buyer.id)).toEqual([
      { paymentIntentId: id, ended: true, endReason: 'refunded' },
    ]);
    expect(await spotsTaken(row.id)).toBe(0);
    expect(await grant(buyer, row.id, id)).toEqual(conflict('This payment was refunded.'));
  });

  it('an event naming a payment or user the app never recorded answers 200 and changes nothing', async () => {
    const { buyer, row } = await paidSetup();
    // Intents made at Stripe but never through the app's checkout: one names a user nobody knows.
    const nobody = stripe().addIntent({ amount: 1999, metadata: { envolvementId: row.id, userId: 'local|nobody' } });
    const ofBuyer = stripe().addIntent({ amount: 1999, metadata: { envolvementId: row.id, userId: buyer.id } });
    for (const { id } of [nobody, ofBuyer]) {
      stripe().succeed(id);
      stripe().refund(id);
    }
    const sent = [nobody.id, ofBuyer.id].flatMap((id) => [
      eventOf(id, 'payment_intent.succeeded'),
      eventOf(id, 'charge.refunded'),
    ]);
    const answers = await deliver(stripe(), sent);
    expect(answers).toEqual(sent.map(() => handled('ignored: unknown payment')));
    expect(await storedEvents(sent.map((e) => e.id))).toEqual(
      sent.map(({ id, type }) => ({ id, type, outcome: 'ignored: unknown payment' })),
    );
    expect(await db().select().from(payments)).toEqual([]);
    expect(await db().select().from(purchases)).toEqual([]);
    expect(await db().select().from(paymentStatusChanges)).toEqual([]);
    expect(await spotsTaken(row.id)).toBe(0);
  });

  it('an event with no data is refused with 400 and not recorded', async () => {
    const payload = JSON.stringify({
      id: `evt_nodata_${randomUUID()}`,
      object: 'event',
      type: 'payment_intent.succeeded',
    });
    expect(await postWebhook(payload, stripe().sign(payload))).toEqual({
      status: 400,
      body: { error: 'Malformed Stripe event', code: 'bad_request' },
    });
    const nullObject = JSON.stringify({
      id: `evt_null_${randomUUID()}`,
      object: 'event',
      type: 'charge.refunded',
      data: { object: null },
    });
    expect(await postWebhook(nullObject, stripe().sign(nullObject))).toEqual({
      status: 400,
      body: { error: 'Malformed Stripe event', code: 'bad_request' },
    });
    expect(await db().select().from(paymentEvents)).toEqual([]);
  });

  it('a signed event whose ids PostgreSQL could not store or Stripe would not make is refused with 400', async () => {
    const { id } = await paidMember();
    const recorded = await db().select().from(paymentEvents);
    const malformed = [
      {
        id: `evt_nul_${randomUUID()}`.replace(/-/g, ''),
        type: 'payment_intent.succeeded',
        object: { id: `${id}\u0000` },
      },
      { id: `evt_x_${randomUUID()}`.replace(/-/g, ''), type: 'charge.refunded', object: { payment_intent: 'pi_a b' } },
      {
        id: `evt_y_${randomUUID()}`.replace(/-/g, ''),
        type: 'charge.dispute.created',
        object: { payment_intent: { id: 'pi_\u0000' } },
      },
      {
        id: `evt_z_${randomUUID()}`.replace(/-/g, ''),
        type: 'account.updated',
        object: { id: `acct_${'x'.repeat(300)}` },
      },
      { id: 'evt_\u0000', type: 'payment_intent.succeeded', object: { id } },
      { id: 'evt with spaces', type: 'payment_intent.succeeded', object: { id } },
    ];
    for (const event of malformed) {
      const payload = JSON.stringify({
        id: event.id,
        object: 'event',
        type: event.type,
        data: { object: event.object },
      });
      expect(await postWebhook(payload, stripe().sign(payload))).toEqual({
        status: 400,
        body: { error: 'Malformed Stripe event', code: 'bad_request' },
      });
    }
    expect(await db().select().from(paymentEvents)).toEqual(recorded);
    expect(await ledgerOf(id)).toEqual({ status: 'succeeded', amountRefundedCents: 0, refundReason: null });
  });

  it('a signature timestamp more than five minutes away, in the future or the past, is refused', async () => {
    const { id } = await paidMember();
    stripe().refund(id);
    const payload = JSON.stringify(eventOf(id, 'charge.refunded'));
    const at = (offsetSeconds: number) =>
      stripe().sign(payload, { timestamp: Math.floor(Date.now() / 1000) + offsetSeconds });
    const outside = {
      status: 400,
      body: { error: 'Stripe signature timestamp is outside the tolerance', code: 'bad_request' },
    };
    expect(await postWebhook(payload, at(330))).toEqual(outside);
    expect(await postWebhook(payload, at(24 * 3600))).toEqual(outside);
    expect(await postWebhook(payload, at(-330))).toEqual(outside);
    expect(await postWebhook(payload, at(-3600))).toEqual(outside);
    expect(await ledgerOf(id)).toEqual({ status: 'succeeded', amountRefundedCents: 0, refundReason: null });
    // Within the tolerance either way, a clock a little off is fine.
    expect(await postWebhook(payload, at(270))).toEqual(handled('moved: refunded'));
  });

  it('a past timestamp within the tolerance is accepted', async () => {
    const { id } = await paidMember();
    stripe().refund(id);
    const payload = JSON.stringify(eventOf(id, 'charge.refunded'));
    expect(
      await postWebhook(payload, stripe().sign(payload, { timestamp: Math.floor(Date.now() / 1000) - 270 })),
    ).toEqual(handled('moved: refunded'));
  });

  it('the same event id is handled once, however often it comes', async () => {
    const { buyer, row, id } = await openPaidCheckout();
    stripe().succeed(id);
    const succeeded = eventOf(id, 'payment_intent.succeeded');
    const answers = await deliver(stripe(), [succeeded, succeeded, succeeded]);
    const duplicate = { status: 200, body: { received: true, duplicate: true, outcome: 'duplicate' } };
    expect(answers).toEqual([handled('moved: succeeded'), duplicate, duplicate]);
    expect(await storedEvents(id)).toEqual([
      { id: succeeded.id, type: 'payment_intent.succeeded', outcome: 'moved: succeeded' },
    ]);
    expect(await historyOf(id)).toHaveLength(1);
    expect(await membershipsOf(row.id, buyer.id)).toEqual([{ paymentIntentId: id, ended: false, endReason: null }]);
  });

  it('every event of a payment is stored once, with its outcome', async () => {
    const { id } = await paidMember();
    stripe().refund(id, 500);
    const sent = stripe().eventsFor(id);
    await deliver(stripe(), sent.slice(2));
    await deliver(stripe(), sent);
    expect(await db().select().from(paymentEvents)).toHaveLength(sent.length);
    expect(await storedEvents(sent.map((e) => e.id))).toEqual([
      { id: sent[0]!.id, type: 'charge.succeeded', outcome: 'ignored' },
      { id: sent[1]!.id, type: 'payment_intent.succeeded', outcome: 'moved: succeeded' },
      { id: sent[2]!.id, type: 'charge.refunded', outcome: 'moved: partially_refunded' },
      { id: sent[3]!.id, type: 'refund.created', outcome: 'ignored' },
    ]);
  });
});

describe('disputes', () => {
  async function disputedMember() {
    const member = await paidMember();
    await db().insert(posts).values({
      envolvementId: member.row.id,
      authorId: member.creator.id,
      kind: 'update',
      title: 'Week 1',
      description: 'Members only',
    });
    const dispute = stripe().dispute(member.id);
    expect(await deliverOne(eventOf(member.id, 'charge.dispute.created'))).toEqual(handled('moved: disputed'));
    return { ...member, dispute };
  }
  const REFUSED_CONTENT = {
    status: 403,
    body: { error: 'Please purchase access to view the full content', code: 'forbidden' },
  };

  it('an open dispute suspends access and the Activity content, keeping the spot', async () => {
    const { buyer, row, id } = await disputedMember();
    expect(await hasAccess(buyer, row.id)).toBe(false);
    expect(await comments(buyer, row.id)).toEqual(REFUSED_CONTENT);
    const page = await postOf(buyer, row.id);
    expect(page.body.activityPost).toEqual([]);
    expect(await grant(buyer, row.id, id)).toEqual(
      conflict('This payment is disputed: access is paused until the dispute is settled.'),
    );
    expect(await checkout(buyer, row.id)).toEqual(conflict('You have already bought this!'));
    expect(await membershipsOf(row.id, buyer.id)).toEqual([{ paymentIntentId: id, ended: false, endReason: null }]);
    expect(await spotsTaken(row.id)).toBe(1);
  });

  it('a won dispute restores access', async () => {
    const { buyer, row, id, dispute } = await disputedMember();
    stripe().closeDispute(dispute.id, 'won');
    expect(await deliverOne(eventOf(id, 'charge.dispute.closed'))).toEqual(handled('moved: succeeded'));
    expect(await hasAccess(buyer, row.id)).toBe(true);
    const content = await comments(buyer, row.id);
    expect(content.status).toBe(200);
    expect(content.body.map((p: { title: string }) => p.title)).toEqual(['Week 1']);
    expect(await grant(buyer, row.id, id)).toEqual(SUCCESS);
  });

  it('a won dispute on a partly refunded payment goes back to partially_refunded', async () => {
    const { buyer, row, id } = await paidMember();
    stripe().refund(id, 500);
    const dispute = stripe().dispute(id);
    stripe().closeDispute(dispute.id, 'won');
    const answers = await deliverLatest(id, 'charge.refunded', 'charge.dispute.created', 'charge.dispute.closed');
    expect(answers).toEqual([
      handled('moved: partially_refunded'),
      handled('moved: disputed'),
      handled('moved: partially_refunded'),
    ]);
    expect(await ledgerOf(id)).toEqual({ status: 'partially_refunded', amountRefundedCents: 500, refundReason: null });
    expect(await hasAccess(buyer, row.id)).toBe(true);
  });

  it('a lost dispute revokes access for good and frees the spot for someone else', async () => {
    const { buyer, row, id, dispute } = await disputedMember();
    stripe().closeDispute(dispute.id, 'lost');
    expect(await deliverOne(eventOf(id, 'charge.dispute.closed'))).toEqual(handled('moved: dispute_lost'));
    expect(await membershipsOf(row.id, buyer.id)).toEqual([
      { paymentIntentId: id, ended: true, endReason: 'dispute_lost' },
    ]);
    expect(await spotsTaken(row.id)).toBe(0);

    expect(await grant(buyer, row.id, id)).toEqual(conflict('This payment was reversed after a dispute.'));
    // Stripe says the intent succeeded and its charge was disputed: read again, nothing changes or is recorded.
    expect(await grant(buyer, row.id, id)).toEqual(conflict('This payment was reversed after a dispute.'));
    expect((await historyOf(id)).map((h) => [h.from, h.to, h.applied])).toEqual([
      ['requires_payment', 'succeeded', true],
      ['succeeded', 'disputed', true],
      ['disputed', 'dispute_lost', true],
    ]);
    expect(await hasAccess(buyer, row.id)).toBe(false);
    expect(await comments(buyer, row.id)).toEqual(REFUSED_CONTENT);

    const next = await createUser();
    const { answers } = await pay(stripe(), next, row.id);
    expect(answers.at(-1)).toEqual(handled('moved: succeeded'));
    expect(await hasAccess(next, row.id)).toBe(true);
    expect(await spotsTaken(row.id)).toBe(1);
  });
});

describe('the completion page', () => {
  it('grant-access confirms a payment whose webhook has not arrived yet, once', async () => {
    const { buyer, row, id } = await openPaidCheckout();
    expect(await grant(buyer, row.id, id)).toEqual(conflict('Payment has not been completed.'));
    stripe().succeed(id);
    expect(await grant(buyer, row.id, id)).toEqual(SUCCESS);
    expect(await grant(buyer, row.id, id)).toEqual(SUCCESS);
    await expectToldOfPayment(buyer, id, 'succeeded');
    expect(await historyOf(id)).toEqual([
      { from: 'requires_payment', to: 'succeeded', refunded: 0, applied: true, source: 'completion' },
    ]);
    // The webhook comes after and finds everything done.
    expect(await deliverOne(eventOf(id, 'payment_intent.succeeded'))).toEqual(handled('unchanged: succeeded'));
    expect(await membershipsOf(row.id, buyer.id)).toEqual([{ paymentIntentId: id, ended: false, endReason: null }]);
    expect(await spotsTaken(row.id)).toBe(1);
  });

  it('a buyer who had already joined is refunded in full and told why', async () => {
    const { buyer, row, id } = await openPaidCheckout();
    await createPurchase(row.id, buyer.id);
    stripe().succeed(id);
    const sentence = 'You had already joined, so this payment was refunded.';
    expect(await grant(buyer, row.id, id)).toEqual(conflict(sentence));
    await expectToldOfPayment(buyer, id, 'refunded', sentence);
    expect(refundsAtStripe(id)).toEqual([1999]);
    // The membership they had stays.
    expect(await membershipsOf(row.id, buyer.id)).toEqual([{ paymentIntentId: null, ended: false, endReason: null }]);
    expect(await spotsTaken(row.id)).toBe(1);
  });

  it('a buyer whose spot went while paying is refunded in full and told why', async () => {
    const { buyer, row } = await paidSetup({ quantity: 1 });
    const id = await openCheckout(buyer, row.id);
    await pay(stripe(), await createUser(), row.id);
    stripe().succeed(id);
    const sentence = 'The last spot went while you were paying, so this payment was refunded.';
    expect(await grant(buyer, row.id, id)).toEqual(conflict(sentence));
    await expectToldOfPayment(buyer, id, 'refunded', sentence);
    expect(await hasAccess(buyer, row.id)).toBe(false);
    expect(await spotsTaken(row.id)).toBe(1);
  });

  it('shows the payer the envolvement paid for', async () => {
    const { buyer, row, id } = await paidMember();
    const item = await submissionOf(buyer, id);
    expect(item.status).toBe(200);
    const page = await postOf(buyer, row.id);
    expect(item.body).toEqual(page.body);
    expect(item.body).toMatchObject({ _id: row.id, title: row.title });
  });
});

describe('who may ask about a payment', () => {
  const SIGN_IN = { status: 401, body: { error: 'You must be signed in to do this.', code: 'unauthorized' } };
  const NOT_YOURS = { status: 403, body: { error: 'This payment belongs to someone else.', code: 'forbidden' } };
  const UNKNOWN = { status: 404, body: { error: 'Payment not found', code: 'not_found' } };

  it('401 without a session on every payment endpoint', async () => {
    const { row, id } = await paidMember();
    expect(await grant(null, row.id, id)).toEqual(SIGN_IN);
    expect(await checkout(null, row.id)).toEqual(SIGN_IN);
    expect(await amountOf(null, id)).toEqual(SIGN_IN);
    expect(await submissionOf(null, id)).toEqual(SIGN_IN);
    expect(await answer(call('GET', `/api/payment/check-access/${row.id}`))).toEqual(SIGN_IN);
  });

  it("403 for another user's payment, which stays untouched", async () => {
    const { row, id } = await openPaidCheckout();
    stripe().succeed(id);
    const other = await createUser();
    expect(await grant(other, row.id, id)).toEqual(NOT_YOURS);
    expect(await amountOf(other, id)).toEqual(NOT_YOURS);
    expect(await submissionOf(other, id)).toEqual(NOT_YOURS);
    expect(await ledgerOf(id)).toEqual({ status: 'requires_payment', amountRefundedCents: 0, refundReason: null });
    expect(await membershipsOf(row.id, other.id)).toEqual([]);
    expect(await hasAccess(other, row.id)).toBe(false);
  });

  it('404 for an unknown or malformed id; 400 for a payment of another envolvement', async () => {
    const { buyer, creator, row, id } = await paidMember();
    for (const unknown of ['pi_unknown', '../etc', 'x'.repeat(300)]) {
      expect(await amountOf(buyer, unknown)).toEqual(UNKNOWN);
      expect(await submissionOf(buyer, unknown)).toEqual(UNKNOWN);
    }
    expect(await grant(buyer, row.id, 'pi_unknown')).toEqual(UNKNOWN);
    const elsewhere = await createEnvolvement(creator.id, { priceCents: 1999 });
    expect(await grant(buyer, elsewhere.id, id)).toEqual({
      status: 400,
      body: { error: 'This payment is for another envolvement.', code: 'bad_request' },
    });
    expect(await heldMemberships(elsewhere.id, buyer.id)).toEqual([]);
  });
});
