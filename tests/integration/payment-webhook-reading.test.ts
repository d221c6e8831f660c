import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { reconcilePayments } from '@/lib/payments/reconcile';
import { paymentEvents, purchases } from '@/models';
import { useTestDatabase } from '../helpers/db';
import type { FakeEvent } from '../helpers/fake-stripe';
import { createUser } from '../factories';
import {
  checkAccess,
  handled,
  openCheckout,
  paidSetup,
  paymentOf,
  postWebhook,
  refundsAtStripe,
  useFakeStripe,
} from '../helpers/payments';

// How the webhook reads what an event names: the payment, the change and what was paid,
// whatever shape Stripe (or someone replaying a signed body) gives each field.
useTestDatabase();
const stripe = useFakeStripe();

function latest(paymentIntentId: string, type: string): FakeEvent {
  const found = stripe()
    .eventsFor(paymentIntentId)
    .filter((e) => e.type === type)
    .at(-1);
  if (!found) throw new Error(`no ${type} for ${paymentIntentId}`);
  return found;
}

let posted = 0;

/** Posts an event signed as Stripe would (under a new id), with its object's fields replaced as given. */
function post(source: FakeEvent, fields: Record<string, unknown> = {}) {
  posted += 1;
  const event = { ...source, id: `${source.id}_${posted}`, data: { object: { ...source.data.object, ...fields } } };
  const payload = JSON.stringify(event);
  return postWebhook(payload, stripe().sign(payload));
}

async function storedOutcomes() {
  const rows = await db().select({ outcome: paymentEvents.outcome }).from(paymentEvents);
  return rows.map((r) => r.outcome).sort();
}

async function membersOf(envolvementId: string) {
  return db().select({ userId: purchases.userId }).from(purchases).where(eq(purchases.envolvementId, envolvementId));
}

describe('POST /api/payment/webhook reading events', () => {
  it('records a failed payment as failed, whatever status the intent object shows', async () => {
    const { buyer, row } = await paidSetup();
    const intentId = await openCheckout(buyer, row.id);
    stripe().fail(intentId);
    // The event says the attempt failed even where the object no longer carries the error.
    const failed = latest(intentId, 'payment_intent.payment_failed');
    expect(await post(failed, { last_payment_error: null, status: 'requires_action' })).toEqual(
      handled('moved: failed'),
    );
    expect(await paymentOf(intentId)).toMatchObject({ status: 'failed' });
  });

  it('moves the ledger but grants nothing when a paid intent does not say how much, until Stripe is asked', async () => {
    const { row } = await paidSetup({ quantity: 5 });
    const buyers = [];
    for (const fields of [{ amount: null }, { currency: null }, { amount: '1999' }]) {
      const buyer = await createUser();
      buyers.push(buyer.id);
      const intentId = await openCheckout(buyer, row.id);
      stripe().succeed(intentId);
      expect(await post(latest(intentId, 'payment_intent.succeeded'), fields)).toEqual(handled('moved: succeeded'));
      expect(await paymentOf(intentId)).toMatchObject({ status: 'succeeded', refundReason: null });
      expect(await membersOf(row.id)).toEqual([]);
      expect(refundsAtStripe(stripe(), intentId)).toEqual([]);
    }
    await reconcilePayments({ now: new Date(Date.now() + 6 * 60_000) });
    expect((await membersOf(row.id)).map((m) => m.userId).sort()).toEqual(buyers.sort());
  });

  it('takes the payment from a refund that arrives before the payment itself, and grants then refunds nothing more', async () => {
    const { buyer, row } = await paidSetup();
    const intentId = await openCheckout(buyer, row.id);
    stripe().succeed(intentId);
    stripe().refund(intentId, 500);
    expect(await post(latest(intentId, 'charge.refunded'))).toEqual(handled('moved: partially_refunded'));
    expect(await paymentOf(intentId)).toMatchObject({ status: 'partially_refunded', amountRefundedCents: 500 });
    expect(await membersOf(row.id)).toEqual([{ userId: buyer.id }]);
    expect(await checkAccess(buyer, row.id)).toEqual({ hasAccess: true });
    expect(refundsAtStripe(stripe(), intentId)).toEqual([{ amount: 500, reason: undefined }]);
  });

  it('reads the payment of a refund given as an id or as an expanded object, and ignores anything else', async () => {
    const { buyer, row } = await paidSetup();
    const intentId = await openCheckout(buyer, row.id);
    stripe().succeed(intentId);
    stripe().refund(intentId, 300);
    const refunded = latest(intentId, 'charge.refunded');

    expect(await post(refunded, { payment_intent: null })).toEqual(handled('ignored: no payment intent'));
    expect(await post(refunded, { payment_intent: { id: 7 } })).toEqual(handled('ignored: no payment intent'));
    expect(await post(refunded, { payment_intent: { object: 'payment_intent' } })).toEqual(
      handled('ignored: no payment intent'),
    );
    expect(await paymentOf(intentId)).toMatchObject({ status: 'requires_payment' });

    expect(await post(refunded, { payment_intent: { id: intentId, object: 'payment_intent' } })).toEqual(
      handled('moved: partially_refunded'),
    );
    expect(await paymentOf(intentId)).toMatchObject({ status: 'partially_refunded', amountRefundedCents: 300 });
    expect(await storedOutcomes()).toEqual([
      'ignored: no payment intent',
      'ignored: no payment intent',
      'ignored: no payment intent',
      'moved: partially_refunded',
    ]);
  });
});
