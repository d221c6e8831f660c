import { FakeStripeError, invalidRequest, type FakeIntent, type Ledger } from './fake-stripe-ledger';

// Confirming an intent with one of Stripe's test PaymentMethods, as Stripe.js does when a
// card form is submitted: the ids Stripe documents for its test cards
// (docs.stripe.com/testing), each with what Stripe's test mode does with it.

type Decline = { declineCode: string; message: string };

const TEST_PAYMENT_METHODS: Record<string, Decline | null> = {
  // 4242 4242 4242 4242
  pm_card_visa: null,
  // 4000 0000 0000 0002
  pm_card_chargeDeclined: { declineCode: 'generic_decline', message: 'Your card was declined.' },
  // 4000 0000 0000 9995
  pm_card_chargeDeclinedInsufficientFunds: {
    declineCode: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
};

const CONFIRMABLE = ['requires_payment_method', 'requires_confirmation', 'requires_action'];

/**
 * POST /v1/payment_intents/{id}/confirm: the intent succeeds (with its charge, transfer
 * and events), or the card is declined: the intent waits for another card, says why in
 * `last_payment_error`, and the answer is Stripe's 402 card error.
 */
export function confirmIntent(ledger: Ledger, id: string, paymentMethod: string | undefined): FakeIntent {
  const intent = ledger.getOrThrow(ledger.intents, 'payment_intent', id);
  if (!CONFIRMABLE.includes(intent.status)) {
    throw invalidRequest(
      'payment_intent_unexpected_state',
      `You cannot confirm this PaymentIntent because it has a status of ${intent.status}. ` +
        `Only a PaymentIntent with one of the following statuses may be confirmed: ${CONFIRMABLE.join(', ')}.`,
    );
  }
  if (!paymentMethod) {
    throw invalidRequest(
      'parameter_missing',
      "You cannot confirm this PaymentIntent because it's missing a payment method.",
      'payment_method',
    );
  }
  if (!(paymentMethod in TEST_PAYMENT_METHODS))
    throw invalidRequest('resource_missing', `No such PaymentMethod: '${paymentMethod}'`, 'payment_method');
  const decline = TEST_PAYMENT_METHODS[paymentMethod];
  if (!decline) {
    intent.payment_method = paymentMethod;
    return ledger.succeed(id);
  }
  const failed = ledger.fail(id, decline.message, decline.declineCode);
  throw new FakeStripeError(402, {
    type: 'card_error',
    code: 'card_declined',
    decline_code: decline.declineCode,
    message: decline.message,
    payment_intent: structuredClone(failed),
  });
}
