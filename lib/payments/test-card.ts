import 'server-only';
import { AppError } from '@/lib/http/errors';
import { siteUrl } from '@/lib/site';
import { getOwnPaymentOrThrow } from './ledger';
import { getStripe } from '@/lib/stripe/client';
import { stripeErrorCode, stripeErrorType } from '@/lib/stripe/errors';

// Paying with a test card in local test mode (lib/stripe/test-mode.ts): the card form
// sends the card here instead of to Stripe.js, and the server confirms the intent at the
// stand-in with the test PaymentMethod Stripe.js would have made of that card. What follows
// is Stripe's way: the stand-in delivers the signed events, and the completion page asks.

// Stripe's test cards (docs.stripe.com/testing) and their test PaymentMethods.
const TEST_PAYMENT_METHODS: Record<string, string> = {
  '4242424242424242': 'pm_card_visa',
  '4000000000000002': 'pm_card_chargeDeclined',
  '4000000000009995': 'pm_card_chargeDeclinedInsufficientFunds',
};

export type Decline = { message: string; code: string; declineCode: string | null };

export type TestCardOutcome =
  { paid: true; paymentIntentId: string; status: string } | { paid: false; decline: Decline };

// What Stripe's test mode answers for a card number that is not one of its test cards.
const NOT_A_TEST_CARD: Decline = {
  message:
    'Your card was declined. Your request was in test mode, but used a non test card. ' +
    'For a list of valid test cards, visit: https://stripe.com/docs/testing.',
  code: 'card_declined',
  declineCode: 'test_mode_live_card',
};

export const CHECKOUT_NO_LONGER_PAYABLE = 'This checkout can no longer be paid. Please look at the offer again.';

type StripeCardError = { type: 'StripeCardError'; message: string; code?: string; decline_code?: string };

const isCardError = (error: unknown): error is StripeCardError => stripeErrorType(error) === 'StripeCardError';

/** Confirms the buyer's own open checkout with a test card; a decline is an outcome, not an error. */
export async function payWithTestCard(
  buyerId: string,
  card: { paymentIntentId: string; number: string },
): Promise<TestCardOutcome> {
  const payment = await getOwnPaymentOrThrow(buyerId, card.paymentIntentId);
  const paymentMethod = TEST_PAYMENT_METHODS[card.number];
  if (!paymentMethod) return { paid: false, decline: NOT_A_TEST_CARD };
  try {
    const intent = await getStripe().paymentIntents.confirm(payment.id, {
      payment_method: paymentMethod,
      return_url: `${siteUrl()}/payment/completion`,
    });
    return { paid: true, paymentIntentId: intent.id, status: intent.status };
  } catch (error) {
    if (isCardError(error)) {
      const { message, code = 'card_declined', decline_code: declineCode = null } = error;
      return { paid: false, decline: { message, code, declineCode } };
    }
    // Canceled since the form opened (the offer changed) or already paid: the checkout starts again.
    if (stripeErrorCode(error) === 'payment_intent_unexpected_state')
      throw new AppError('conflict', CHECKOUT_NO_LONGER_PAYABLE);
    throw error;
  }
}
