import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { redirectLogs } from '@/lib/log';
import { fulfilPayment } from '@/lib/payments/fulfil';
import { CONCURRENT_CANCELS } from '@/lib/payments/withdraw';
import { payments, purchases } from '@/models';
import { useTestDatabase } from '../helpers/db';
import { call } from '../helpers/http';
import { whileUpdating } from '../helpers/interleave';
import {
  checkAccess,
  deliver,
  editOffer,
  historyOf,
  openCheckout,
  paidSetup,
  paymentOf,
  refundsAtStripe,
  useFakeStripe,
  withStripeDown,
} from '../helpers/payments';
import { createUser } from '../factories';

// A payment that still arrives for an offer the creator changed (paid at the moment of the
// edit, or while Stripe could not be told to cancel) is refunded in full, never granted.
useTestDatabase();
const stripe = useFakeStripe();

const CANCEL = /^\/v1\/payment_intents\/[^/]+\/cancel$/;
const PRICE_CHANGED = 'The creator changed the price while you were paying, so this payment was refunded.';

async function openCheckoutAt(priceCents: number) {
  const setup = await paidSetup({ priceCents });
  return { ...setup, intentId: await openCheckout(setup.buyer, setup.row.id) };
}

/** The buyer pays at Stripe just before the app's cancel reaches it. */
const paidBeforeTheCancel = (intentId: string) => stripe().beforeNext('POST', CANCEL, () => stripe().succeed(intentId));

/** What became of a payment: Stripe's refunds, the ledger, the membership. */
async function outcomeOf(intentId: string, buyer: Parameters<typeof checkAccess>[0], envolvementId: string) {
  const payment = await paymentOf(intentId);
  return {
    refunds: refundsAtStripe(stripe(), intentId),
    ledger: {
      status: payment.status,
      amountRefundedCents: payment.amountRefundedCents,
      refundReason: payment.refundReason,
      refundRequestedBy: payment.refundRequestedBy,
    },
    members: await db().select().from(purchases).where(eq(purchases.paymentIntentId, intentId)),
    access: await checkAccess(buyer, envolvementId),
  };
}

const refundedFor = (amountCents: number, reason: string) => ({
  refunds: [{ amount: amountCents, reason }],
  ledger: { status: 'refunded', amountRefundedCents: amountCents, refundReason: reason, refundRequestedBy: null },
  members: [],
  access: { hasAccess: false },
});

/** Runs `work` with the logs kept aside; gives its result and the log records. */
async function withLogs<T>(work: () => Promise<T>) {
  const lines: string[] = [];
  const restore = redirectLogs({ write: (line) => void lines.push(line) });
  try {
    return { result: await work(), logs: lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
  } finally {
    restore();
  }
}

describe('a payment for an offer changed at the same moment', () => {
  it('refunds a $10 intent paid as the price became $50, and tells the buyer why', async () => {
    const { creator, buyer, row, intentId } = await openCheckoutAt(1000);
    paidBeforeTheCancel(intentId);
    expect((await editOffer(creator, row.id, { price: { price: 50, free: false } })).status).toBe(200);
    expect(await outcomeOf(intentId, buyer, row.id)).toEqual(refundedFor(1000, 'price_changed'));
    expect((await historyOf(intentId)).map((m) => [m.to, m.source])).toEqual([
      ['succeeded', 'price_changed'],
      ['refunded', expect.stringMatching(/^refund:re_/)],
    ]);

    // Stripe's events arrive afterwards and change nothing.
    const answers = await deliver(stripe(), stripe().eventsFor(intentId));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    expect(await outcomeOf(intentId, buyer, row.id)).toEqual(refundedFor(1000, 'price_changed'));

    const read = await call('GET', `/api/payment/get-payment-amount/${intentId}`, { as: buyer });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({
      amount: 1000,
      currency: 'usd',
      status: 'refunded',
      refundReason: PRICE_CHANGED,
      paidAt: expect.any(String),
    });
    const grant = await call('POST', '/api/payment/grant-access', {
      as: buyer,
      json: { submissionId: row.id, paymentIntentId: intentId },
    });
    expect(grant.status).toBe(409);
    expect(grant.body).toEqual({ error: PRICE_CHANGED, code: 'conflict' });
  });

  it('refunds a $25 intent paid as the envolvement became free; the buyer can still join for free', async () => {
    const { creator, buyer, row, intentId } = await openCheckoutAt(2500);
    paidBeforeTheCancel(intentId);
    expect((await editOffer(creator, row.id, { price: { price: 0, free: true } })).status).toBe(200);
    expect(await outcomeOf(intentId, buyer, row.id)).toEqual(refundedFor(2500, 'price_changed'));
    const join = await call('POST', '/api/payment/grant-access', { as: buyer, json: { submissionId: row.id } });
    expect(join.status).toBe(200);
    expect(await checkAccess(buyer, row.id)).toEqual({ hasAccess: true });
  });

  it('refunds one paid as the creator unpublished it, and one paid as the creator deleted it', async () => {
    const hidden = await openCheckoutAt(1000);
    paidBeforeTheCancel(hidden.intentId);
    const off = await call('PUT', `/api/post/${hidden.row.id}/active`, { as: hidden.creator, json: { active: false } });
    expect(off.status).toBe(200);
    expect(await outcomeOf(hidden.intentId, hidden.buyer, hidden.row.id)).toEqual(refundedFor(1000, 'inactive'));

    const removed = await openCheckoutAt(1000);
    paidBeforeTheCancel(removed.intentId);
    const gone = await call('DELETE', `/api/post/${removed.row.id}`, { as: removed.creator });
    expect(gone.body).toEqual({ deleted: true, _id: removed.row.id, archived: true, refunded: 0, refundsPending: 0 });
    expect(await outcomeOf(removed.intentId, removed.buyer, removed.row.id)).toEqual(refundedFor(1000, 'removed'));
  });
});

describe('a price edit while Stripe cannot be reached', () => {
  it('saves the edit, logs the cancel it could not make, and refunds the old intent when it is paid', async () => {
    const { creator, buyer, row, intentId } = await openCheckoutAt(1000);
    const { result: res, logs } = await withLogs(() =>
      withStripeDown(() => editOffer(creator, row.id, { price: { price: 50, free: false } })),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ priceCents: 5000, price: { price: 50, free: false } });
    expect(logs).toEqual([
      expect.objectContaining({
        level: 'error',
        scope: 'payments.withdraw',
        paymentId: intentId,
        envolvementId: row.id,
        reason: 'price_changed',
      }),
    ]);
    expect(await paymentOf(intentId)).toMatchObject({ status: 'requires_payment' });

    stripe().succeed(intentId);
    const answers = await deliver(stripe(), stripe().eventsFor(intentId));
    expect(answers.map((a) => a.body.outcome)).toContain('moved: succeeded; refund: price_changed');
    expect(await outcomeOf(intentId, buyer, row.id)).toEqual(refundedFor(1000, 'price_changed'));
  });

  it('stops asking Stripe once it is unreachable, so the edit does not wait for every checkout', async () => {
    const { creator, row } = await paidSetup({ priceCents: 1000 });
    const buyers = await Promise.all(Array.from({ length: CONCURRENT_CANCELS + 1 }, () => createUser()));
    const intents = [];
    for (const buyer of buyers) intents.push(await openCheckout(buyer, row.id));
    const { result: res, logs } = await withLogs(() =>
      withStripeDown(() => editOffer(creator, row.id, { price: { price: 50, free: false } })),
    );
    expect(res.status).toBe(200);
    // The first cancels in flight fail; the one after them is not tried.
    expect(logs.map((l) => [l.scope, l.reason])).toEqual(
      Array.from({ length: CONCURRENT_CANCELS }, () => ['payments.withdraw', 'price_changed']),
    );
    for (const intentId of intents) expect(await paymentOf(intentId)).toMatchObject({ status: 'requires_payment' });
  });
});

describe('fulfilment and a price edit racing for the row', () => {
  // On the PostgreSQL server the edit holds the row while fulfilment waits for it: the spot
  // is refused on the price the edit committed, not the one read before the wait.
  it('refunds, never grants, a payment decided while the edit commits', async () => {
    const { creator, buyer, row, intentId } = await openCheckoutAt(1000);
    stripe().succeed(intentId);
    await db().update(payments).set({ status: 'succeeded' }).where(eq(payments.id, intentId));

    const decided = await whileUpdating(
      'envolvements',
      'if NEW.price_cents <> OLD.price_cents then perform pg_sleep(0.5); end if; return NEW;',
      async () => {
        const editing = editOffer(creator, row.id, { price: { price: 50, free: false } });
        await new Promise((resolve) => setTimeout(resolve, 150));
        const fulfilled = await fulfilPayment(intentId, { amountCents: 1000, currency: 'usd' });
        expect((await editing).status).toBe(200);
        return fulfilled;
      },
    );
    expect(decided).toMatchObject({ status: 'succeeded', refundReason: 'price_changed' });
    expect(await db().select().from(purchases).where(eq(purchases.envolvementId, row.id))).toEqual([]);
    expect(await checkAccess(buyer, row.id)).toEqual({ hasAccess: false });
  });
});
