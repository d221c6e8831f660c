import net from 'node:net';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { POST as WEBHOOK } from '@/app/api/payment/webhook/route';
import { db } from '@/lib/db/client';
import { payments, paymentStatusChanges, purchases } from '@/models';
import { createEnvolvement, createUser, type TestUser } from '../factories';
import { editBody } from '../factories/envolvement-input';
import { startFakeStripe, type FakeEvent, type FakeStripe } from './fake-stripe';
import { buildRequest, call } from './http';
import { useFakeStripeAccounts } from './payout-accounts';

const STRIPE_ENV = [
  'STRIPE_SECRET_KEY',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_API_HOST',
  'STRIPE_API_PORT',
  'STRIPE_API_PROTOCOL',
];

/** A fake Stripe for this test file, with the app pointed at it. */
export function useFakeStripe(): () => FakeStripe {
  let stripe: FakeStripe | undefined;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    stripe.useInEnv();
    useFakeStripeAccounts(stripe);
  });
  afterAll(async () => {
    useFakeStripeAccounts(null);
    await stripe?.close();
    for (const key of STRIPE_ENV) delete process.env[key];
  });
  return () => stripe!;
}

/**
 * A fake Stripe for this test file (useFakeStripe), with the helpers below that act on it
 * already handed it (`deliver(events)` rather than `deliver(stripe(), events)`), and the
 * way to take it down for a while.
 */
export function usePayments() {
  const stripe = useFakeStripe();
  return {
    stripe,
    deliver: (events: FakeEvent[]) => deliver(stripe(), events),
    joinByCard: (buyer: TestUser, envolvementId: string) => joinByCard(stripe(), buyer, envolvementId),
    refundsAtStripe: (intentId: string) => refundsAtStripe(stripe(), intentId),
    expectRefundedInFull: (intentId: string, reason: string, requestedBy: string | null) =>
      expectRefundedInFull(stripe(), intentId, reason, requestedBy),
    withStripeDown,
  };
}

/** A creator, a buyer and a paid envolvement ($19.99, 3 spots unless told otherwise). */
export async function paidSetup(overrides: Parameters<typeof createEnvolvement>[1] = {}) {
  const creator = await createUser();
  const buyer = await createUser();
  const row = await createEnvolvement(creator.id, { priceCents: 1999, unlimited: false, quantity: 3, ...overrides });
  return { creator, buyer, row };
}

/** Opens a checkout through the API, as the card form does; gives the intent id. */
export async function openCheckout(buyer: TestUser, envolvementId: string): Promise<string> {
  const res = await call('POST', '/api/payment/create-payment-intent', {
    as: buyer,
    json: { submissionId: envolvementId },
  });
  if (res.status !== 200) throw new Error(`checkout failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.paymentIntentId as string;
}

/**
 * What the completion page tells the buyer of a paid payment (paidSetup's $19.99): its
 * status and, once it went back, why.
 */
export async function expectToldOfPayment(
  buyer: TestUser,
  paymentIntentId: string,
  status: string,
  refundReason: string | null = null,
) {
  const answer = await call('GET', `/api/payment/get-payment-amount/${paymentIntentId}`, { as: buyer });
  expect({ status: answer.status, body: answer.body }).toEqual({
    status: 200,
    body: { amount: 1999, currency: 'usd', status, refundReason, paidAt: expect.any(String) },
  });
}

/** paidSetup, with the buyer's checkout opened: the intent waits for a card. */
export async function openPaidCheckout(overrides: Parameters<typeof createEnvolvement>[1] = {}) {
  const setup = await paidSetup(overrides);
  return { ...setup, id: await openCheckout(setup.buyer, setup.row.id) };
}

/**
 * The creator saves the edit form ($10.00, 3 spots, published, unless told otherwise);
 * gives the answer of PUT /api/post/{id}.
 */
export function editOffer(creator: TestUser, id: string, overrides: Record<string, unknown> = {}) {
  return call('PUT', `/api/post/${id}`, {
    as: creator,
    json: editBody({
      price: { price: 10, free: false },
      quantity: { quantity: 3, unlimited: false },
      categories: ['Art'],
      ...overrides,
    }),
  });
}

/** Posts a signed payload to the webhook route as Stripe would. */
export async function postWebhook(payload: string, signature: string) {
  const request = await buildRequest('POST', '/api/payment/webhook', {
    body: payload,
    headers: { 'stripe-signature': signature, 'content-type': 'application/json' },
  });
  const response = await WEBHOOK(request, { params: Promise.resolve({}) });
  return { status: response.status, body: await response.json() };
}

/** The webhook's answer to an event it handled for the first time. */
export const handled = (outcome: string) => ({ status: 200, body: { received: true, duplicate: false, outcome } });

/** Delivers fake Stripe's events to the webhook route in the order given; gives each answer. */
export async function deliver(stripe: FakeStripe, events: FakeEvent[]) {
  const answers = [];
  for (const event of events) {
    const payload = JSON.stringify(event);
    answers.push(await postWebhook(payload, stripe.sign(payload)));
  }
  return answers;
}

/** The buyer pays: checkout through the API, the card succeeds at Stripe, the events arrive. */
export async function pay(stripe: FakeStripe, buyer: TestUser, envolvementId: string) {
  const id = await openCheckout(buyer, envolvementId);
  stripe.succeed(id);
  const answers = await deliver(stripe, stripe.eventsFor(id));
  return { id, answers };
}

/** What GET /api/payment/check-access/{id} says for this user. */
export async function checkAccess(as: TestUser, id: string) {
  return (await call('GET', `/api/payment/check-access/${id}`, { as })).body;
}

/** The buyer pays by card and the webhook grants the membership; gives the intent and the purchase. */
export async function joinByCard(stripe: FakeStripe, buyer: TestUser, envolvementId: string) {
  const { id: intentId } = await pay(stripe, buyer, envolvementId);
  const [purchase] = await db().select().from(purchases).where(eq(purchases.paymentIntentId, intentId));
  return { intentId, purchase: purchase! };
}

export async function paymentOf(id: string) {
  const [row] = await db().select().from(payments).where(eq(payments.id, id));
  return row!;
}

/** The refunds Stripe made for an intent, with the reason the app gave. */
export function refundsAtStripe(stripe: FakeStripe, intentId: string) {
  return [...stripe.refundsById.values()]
    .filter((r) => r.payment_intent === intentId)
    .map((r) => ({ amount: r.amount, reason: r.metadata.reason }));
}

/**
 * The payment went back in full (paidSetup's $19.99), once, at Stripe and on the ledger,
 * for `reason`, asked for by `requestedBy` (null: by the app itself).
 */
export async function expectRefundedInFull(
  stripe: FakeStripe,
  intentId: string,
  reason: string,
  requestedBy: string | null,
): Promise<void> {
  expect(refundsAtStripe(stripe, intentId)).toEqual([{ amount: 1999, reason }]);
  expect(await paymentOf(intentId)).toMatchObject({
    status: 'refunded',
    amountRefundedCents: 1999,
    refundReason: reason,
    refundRequestedBy: requestedBy,
  });
}

/** The ledger's history of a payment, oldest first: each move, where it came from and whether it applied. */
export async function historyOf(paymentId: string) {
  return db()
    .select({
      from: paymentStatusChanges.fromStatus,
      to: paymentStatusChanges.toStatus,
      refunded: paymentStatusChanges.amountRefundedCents,
      applied: paymentStatusChanges.applied,
      source: paymentStatusChanges.source,
    })
    .from(paymentStatusChanges)
    .where(eq(paymentStatusChanges.paymentId, paymentId))
    .orderBy(asc(paymentStatusChanges.createdAt));
}

/** Runs `work` while Stripe cannot be reached, keeping the expected error logs out of the output. */
export async function withStripeDown<T>(work: () => Promise<T>): Promise<T> {
  const closed = await new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
  const port = process.env.STRIPE_API_PORT;
  const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  process.env.STRIPE_API_PORT = String(closed);
  try {
    return await work();
  } finally {
    process.env.STRIPE_API_PORT = port;
    logged.mockRestore();
  }
}
