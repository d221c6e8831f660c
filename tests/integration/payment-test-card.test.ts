import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCAL_STRIPE_KEYS } from '@/lib/stripe/test-mode';
import { CHECKOUT_NO_LONGER_PAYABLE } from '@/lib/payments/test-card';
import { createUser, type TestUser } from '../factories';
import { useTestDatabase } from '../helpers/db';
import { call } from '../helpers/http';
import { checkAccess, deliver, openCheckout, paidSetup, paymentOf, useFakeStripe } from '../helpers/payments';

// POST /api/payment/confirm-test-card: `npm run dev`'s local card form pays here, and the
// server confirms the intent at the stand-in for Stripe. Development only, and only with the
// stand-in's keys.

useTestDatabase();
const stripe = useFakeStripe();

// The app as `npm run dev` starts it without keys: the stand-in's keys, its API elsewhere.
beforeEach(() => {
  vi.stubEnv('STRIPE_SECRET_KEY', LOCAL_STRIPE_KEYS.STRIPE_SECRET_KEY);
  vi.stubEnv('STRIPE_PUBLISHABLE_KEY', LOCAL_STRIPE_KEYS.STRIPE_PUBLISHABLE_KEY);
});
// Vitest puts stubbed variables back only before the next test, which may be another file's.
afterEach(() => vi.unstubAllEnvs());

const VISA = '4242 4242 4242 4242';
const DECLINED = '4000 0000 0000 0002';
const NEXT_YEAR = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');

const payBy = async (as: TestUser | null, card: Record<string, unknown>) => {
  const { status, body } = await call('POST', '/api/payment/confirm-test-card', { as, json: card });
  return { status, body };
};
const card = (paymentIntentId: string, overrides: Record<string, unknown> = {}) => ({
  paymentIntentId,
  number: VISA,
  expiry: `12 / ${NEXT_YEAR}`,
  cvc: '123',
  ...overrides,
});

/** A buyer with an open checkout of a $19.99 envolvement; gives the intent id. */
async function checkout() {
  const { buyer, row } = await paidSetup();
  const id = await openCheckout(buyer, row.id);
  return { buyer, row, id };
}

const notFound = { status: 404, body: { error: 'Not found.', code: 'not_found' } };
const invalid = (field: string, message: string) => ({
  status: 400,
  body: { error: message, code: 'bad_request', fields: { [field]: message } },
});

describe('paying with a test card', () => {
  it('4242 4242 4242 4242 pays: the intent succeeds at the stand-in and its signed events grant the membership', async () => {
    const { buyer, row, id } = await checkout();
    expect(await payBy(buyer, card(id))).toEqual({ status: 200, body: { status: 'succeeded', paymentIntentId: id } });
    expect(stripe().intents.get(id)).toMatchObject({ status: 'succeeded', payment_method: 'pm_card_visa' });

    const events = stripe().eventsFor(id);
    expect(events.map((e) => e.type)).toEqual(['charge.succeeded', 'payment_intent.succeeded']);
    expect((await deliver(stripe(), events)).map((a) => a.status)).toEqual([200, 200]);
    expect(await paymentOf(id)).toMatchObject({ status: 'succeeded', amountCents: 1999 });
    expect(await checkAccess(buyer, row.id)).toMatchObject({ hasAccess: true });
  });

  it('4000 0000 0000 0002 is declined with Stripe’s message, and the same checkout then pays', async () => {
    const { buyer, id } = await checkout();
    expect(await payBy(buyer, card(id, { number: DECLINED }))).toEqual({
      status: 402,
      body: { error: 'Your card was declined.', code: 'card_declined', declineCode: 'generic_decline' },
    });
    expect(stripe().intents.get(id)).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: {
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
      },
    });
    await deliver(stripe(), stripe().eventsFor(id));
    expect((await paymentOf(id)).status).toBe('failed');

    expect((await payBy(buyer, card(id))).status).toBe(200);
    await deliver(stripe(), stripe().eventsFor(id).slice(1));
    expect((await paymentOf(id)).status).toBe('succeeded');
  });

  it('4000 0000 0000 9995 is declined for insufficient funds', async () => {
    const { buyer, id } = await checkout();
    expect(await payBy(buyer, card(id, { number: '4000000000009995' }))).toEqual({
      status: 402,
      body: { error: 'Your card has insufficient funds.', code: 'card_declined', declineCode: 'insufficient_funds' },
    });
  });

  it('a card number that is not a test card is declined as Stripe’s test mode does, and the intent is untouched', async () => {
    const { buyer, id } = await checkout();
    expect(await payBy(buyer, card(id, { number: '4111 1111 1111 1111' }))).toEqual({
      status: 402,
      body: {
        error:
          'Your card was declined. Your request was in test mode, but used a non test card. ' +
          'For a list of valid test cards, visit: https://stripe.com/docs/testing.',
        code: 'card_declined',
        declineCode: 'test_mode_live_card',
      },
    });
    expect(stripe().intents.get(id)!.status).toBe('requires_payment_method');
    expect(stripe().eventsFor(id)).toEqual([]);
  });

  it('refuses another user’s checkout, and leaves it unpaid', async () => {
    const { id } = await checkout();
    const stranger = await createUser();
    expect(await payBy(stranger, card(id))).toEqual({
      status: 403,
      body: { error: 'This payment belongs to someone else.', code: 'forbidden' },
    });
    expect(stripe().intents.get(id)!.status).toBe('requires_payment_method');
  });

  it('answers 404 for an intent nobody opened', async () => {
    const buyer = await createUser();
    const { status } = await payBy(buyer, card('pi_unknown'));
    expect(status).toBe(404);
  });

  it('answers 409 for a checkout canceled meanwhile, so the form opens it again', async () => {
    const { buyer, id } = await checkout();
    stripe().setStatus(id, 'canceled');
    expect(await payBy(buyer, card(id))).toEqual({
      status: 409,
      body: { error: CHECKOUT_NO_LONGER_PAYABLE, code: 'conflict' },
    });
  });

  it('answers 401 without a session', async () => {
    const { id } = await checkout();
    expect(await payBy(null, card(id))).toEqual({
      status: 401,
      body: { error: 'You must be signed in to do this.', code: 'unauthorized' },
    });
    expect(stripe().intents.get(id)!.status).toBe('requires_payment_method');
  });
});

describe('where the route does not exist', () => {
  const elsewhere: Array<[string, Record<string, string>]> = [
    ['in production', { NODE_ENV: 'production', NEXTAUTH_SECRET: 'a-production-secret-for-this-test' }],
    ['with real Stripe keys', { STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_PUBLISHABLE_KEY: 'pk_test_fake' }],
  ];
  it.each(elsewhere)('answers 404 %s, whoever asks and whatever the card', async (_, env) => {
    const { buyer, id } = await checkout();
    for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
    expect(await payBy(buyer, card(id))).toEqual(notFound);
    expect(await payBy(null, {})).toEqual(notFound);
    expect(stripe().intents.get(id)!.status).toBe('requires_payment_method');
  });

  it('answers 404 with the stand-in’s key but Stripe’s own API', async () => {
    const { buyer, id } = await checkout();
    vi.stubEnv('STRIPE_API_HOST', '');
    expect(await payBy(buyer, card(id))).toEqual(notFound);
  });
});

describe('bad input', () => {
  it('answers 400 with the field’s message for a card the form would refuse', async () => {
    const { buyer, id } = await checkout();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ number: '4242 4242 4242 4241' }, 'number', 'Your card number is invalid.'],
      [{ number: '4242 4242 42' }, 'number', 'Your card number is incomplete.'],
      [{ number: '4242-4242-4242-4242' }, 'number', 'Your card number is invalid.'],
      [{ number: 4242424242424242 }, 'number', 'Your card number is incomplete.'],
      [{ expiry: '13 / 30' }, 'expiry', "Your card's expiration date is invalid."],
      [{ expiry: '12' }, 'expiry', "Your card's expiration date is incomplete."],
      [{ expiry: '01 / 20' }, 'expiry', "Your card's expiration date is in the past."],
      [{ cvc: '12' }, 'cvc', "Your card's security code is incomplete."],
      [{ cvc: '12a' }, 'cvc', "Your card's security code is invalid."],
      [{ paymentIntentId: '' }, 'paymentIntentId', 'paymentIntentId is required'],
    ];
    for (const [overrides, field, message] of cases) {
      expect(await payBy(buyer, card(id, overrides)), JSON.stringify(overrides)).toEqual(invalid(field, message));
    }
    expect((await payBy(buyer, { paymentIntentId: id })).status).toBe(400);
    expect(stripe().intents.get(id)!.status).toBe('requires_payment_method');
  });

  it('takes a card number of 19 digits and 32 characters, not 20 digits or 33 characters', async () => {
    const { buyer, id } = await checkout();
    // Luhn-valid, and no test card: declined as Stripe's test mode does, past the checks.
    const nineteen = '4000000000000000006';
    expect((await payBy(buyer, card(id, { number: nineteen }))).status).toBe(402);
    expect(await payBy(buyer, card(id, { number: `${nineteen}0` }))).toEqual(
      invalid('number', 'Your card number is invalid.'),
    );
    const spaced = '4242   4242   4242   4242       '; // 32 characters
    expect(spaced).toHaveLength(32);
    expect(await payBy(buyer, card(id, { number: `${spaced} ` }))).toEqual(
      invalid('number', 'Your card number is invalid.'),
    );
    expect((await payBy(buyer, card(id, { number: spaced }))).status).toBe(200);
  });

  it('takes a 4-digit security code and this month’s expiry, not 5 digits or 10 characters', async () => {
    const { buyer, id } = await checkout();
    const now = new Date();
    const thisMonth = `${String(now.getUTCMonth() + 1).padStart(2, '0')}/${String(now.getUTCFullYear() % 100).padStart(2, '0')}`;
    expect(await payBy(buyer, card(id, { cvc: '12345' }))).toEqual(
      invalid('cvc', "Your card's security code is invalid."),
    );
    expect(await payBy(buyer, card(id, { expiry: ` 12 / ${NEXT_YEAR}  ` }))).toEqual(
      invalid('expiry', "Your card's expiration date is invalid."),
    );
    expect((await payBy(buyer, card(id, { cvc: '1234', expiry: thisMonth }))).status).toBe(200);
  });

  it('takes a payment intent id of 255 characters, not 256', async () => {
    const buyer = await createUser();
    expect((await payBy(buyer, card('p'.repeat(255)))).status).toBe(404);
    expect((await payBy(buyer, card('p'.repeat(256)))).status).toBe(400);
  });
});
