import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeStripe } from '../helpers/fake-stripe';
import { startFakeStripeWithSdk, stripeRefusal } from '../helpers/stripe-sdk';

// Confirming an intent with Stripe's test PaymentMethods, as Stripe.js does and as the local
// card form of `npm run dev` has the server do: held to Stripe's answers through the real SDK.

let fake: FakeStripe;
let stripe: Stripe;

beforeAll(async () => ({ fake, stripe } = await startFakeStripeWithSdk()));
afterAll(() => fake.close());

const newIntent = () => stripe.paymentIntents.create({ amount: 1999, currency: 'usd', metadata: { userId: 'u1' } });

describe('POST /v1/payment_intents/{id}/confirm', () => {
  it('pm_card_visa pays: the intent succeeds with its charge, and the events say so', async () => {
    const { id } = await newIntent();
    const paid = await stripe.paymentIntents.confirm(id, { payment_method: 'pm_card_visa', return_url: 'http://x/' });
    expect(paid).toMatchObject({ id, status: 'succeeded', amount_received: 1999, payment_method: 'pm_card_visa' });
    expect(fake.charges.get(paid.latest_charge as string)).toMatchObject({ amount: 1999, payment_intent: id });
    expect(fake.eventsFor(id).map((e) => e.type)).toEqual(['charge.succeeded', 'payment_intent.succeeded']);
  });

  it('pm_card_chargeDeclined is a 402 card error; the intent waits for another card and says why', async () => {
    const { id } = await newIntent();
    let declined: InstanceType<typeof Stripe.errors.StripeCardError> | undefined;
    await stripe.paymentIntents.confirm(id, { payment_method: 'pm_card_chargeDeclined' }).catch((error) => {
      declined = error;
    });
    expect(declined).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(declined).toMatchObject({
      statusCode: 402,
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
      payment_intent: { id, status: 'requires_payment_method' },
    });
    const lastError = { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline' };
    expect(fake.intents.get(id)).toMatchObject({ status: 'requires_payment_method', last_payment_error: lastError });
    expect(fake.eventsFor(id).map((e) => e.type)).toEqual(['payment_intent.payment_failed']);

    // As at Stripe, the buyer tries another card on the same intent.
    expect((await stripe.paymentIntents.confirm(id, { payment_method: 'pm_card_visa' })).status).toBe('succeeded');
  });

  it('pm_card_chargeDeclinedInsufficientFunds is declined for insufficient funds', async () => {
    const { id } = await newIntent();
    const error = await stripe.paymentIntents
      .confirm(id, { payment_method: 'pm_card_chargeDeclinedInsufficientFunds' })
      .catch((e: InstanceType<typeof Stripe.errors.StripeCardError>) => e);
    expect(error).toMatchObject({ decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' });
  });

  it('refuses an intent that is paid or canceled', async () => {
    const { id } = await newIntent();
    await stripe.paymentIntents.confirm(id, { payment_method: 'pm_card_visa' });
    expect(await stripeRefusal(stripe.paymentIntents.confirm(id, { payment_method: 'pm_card_visa' }))).toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'payment_intent_unexpected_state',
      statusCode: 400,
    });
    const other = await newIntent();
    await stripe.paymentIntents.cancel(other.id);
    expect(
      await stripeRefusal(stripe.paymentIntents.confirm(other.id, { payment_method: 'pm_card_visa' })),
    ).toMatchObject({
      code: 'payment_intent_unexpected_state',
      message: expect.stringContaining('it has a status of canceled'),
    });
  });

  it('refuses a missing or unknown payment method, and an unknown intent', async () => {
    const { id } = await newIntent();
    expect(await stripeRefusal(stripe.paymentIntents.confirm(id))).toMatchObject({
      code: 'parameter_missing',
      param: 'payment_method',
    });
    expect(await stripeRefusal(stripe.paymentIntents.confirm(id, { payment_method: 'pm_nope' }))).toEqual({
      type: 'StripeInvalidRequestError',
      code: 'resource_missing',
      message: "No such PaymentMethod: 'pm_nope'",
      statusCode: 400,
      param: 'payment_method',
    });
    expect(
      await stripeRefusal(stripe.paymentIntents.confirm('pi_nope', { payment_method: 'pm_card_visa' })),
    ).toMatchObject({
      code: 'resource_missing',
      statusCode: 404,
    });
    expect(fake.intents.get(id)!.status).toBe('requires_payment_method');
  });

  it('answers a retried decline with the same answer, without declining twice', async () => {
    const { id } = await newIntent();
    const once = { idempotencyKey: `confirm-${id}` };
    const first = await stripeRefusal(
      stripe.paymentIntents.confirm(id, { payment_method: 'pm_card_chargeDeclined' }, once),
    );
    const again = await stripeRefusal(
      stripe.paymentIntents.confirm(id, { payment_method: 'pm_card_chargeDeclined' }, once),
    );
    expect(again).toEqual(first);
    expect(fake.eventsFor(id)).toHaveLength(1);
  });
});
