import 'server-only';
import type Stripe from 'stripe';
import { fulfilPayment, type Paid } from './fulfil';
import { getPayment, moveLedger } from './ledger';
import { grantsAccess, intentStatusOf } from '@/lib/domain/ledger-rules';
import { executeRefund } from './refunds';
import { getStripe } from '@/lib/stripe/client';
import { isStripeNotFound, stripeErrorCode } from '@/lib/stripe/errors';
import type { PaymentRow } from '@/models';

/** The intent with its latest charge, or null when Stripe does not know it. */
export async function retrieveIntent(paymentId: string): Promise<Stripe.PaymentIntent | null> {
  try {
    return await getStripe().paymentIntents.retrieve(paymentId, { expand: ['latest_charge'] });
  } catch (error) {
    if (isStripeNotFound(error)) return null;
    throw error;
  }
}

export function paidOf(intent: Pick<Stripe.PaymentIntent, 'amount' | 'amount_received' | 'currency'>): Paid {
  return { amountCents: intent.amount_received || intent.amount, currency: intent.currency };
}

// Closed disputes, and whether the merchant kept the money; any other status is still open.
const CLOSED_DISPUTE: Record<string, boolean> = { won: true, warning_closed: true, prevented: true, lost: false };

/** Applies what Stripe says of an intent, its charge's refunds and its disputes. */
export async function applyIntent(intent: Stripe.PaymentIntent, source: string): Promise<void> {
  await moveLedger(intent.id, { kind: 'intent', status: intentStatusOf(intent) }, source, { recordRefusal: false });
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  if (!charge) return;
  if (charge.amount_refunded > 0) {
    await moveLedger(intent.id, { kind: 'refunded', amountRefundedCents: charge.amount_refunded }, source);
  }
  if (charge.disputed) {
    const { data } = await getStripe().disputes.list({ payment_intent: intent.id, limit: 10 });
    for (const dispute of data) {
      const won = CLOSED_DISPUTE[dispute.status];
      await moveLedger(
        intent.id,
        won === undefined ? { kind: 'dispute_opened' } : { kind: 'dispute_closed', won },
        source,
      );
    }
  }
}

/**
 * Finishes what the ledger says is due: a succeeded payment nobody decided on yet is
 * fulfilled (or marked for refund), and a payment marked for refund is refunded.
 */
export async function settlePayment(paymentId: string, paid: Paid | null): Promise<PaymentRow | null> {
  let payment = await getPayment(paymentId);
  if (payment && paid && grantsAccess(payment.status) && !payment.refundReason)
    payment = await fulfilPayment(paymentId, paid);
  if (payment?.refundReason && grantsAccess(payment.status)) payment = await executeRefund(payment);
  return payment;
}

/** Reads a payment from Stripe, brings the ledger up to date, and settles it. */
export async function syncPayment(paymentId: string, source = 'stripe'): Promise<PaymentRow | null> {
  const intent = await retrieveIntent(paymentId);
  if (!intent) return getPayment(paymentId);
  await applyIntent(intent, source);
  return settlePayment(paymentId, paidOf(intent));
}

// Stripe statuses in which the buyer can still pay, and the app can still cancel.
const PAYABLE = new Set<Stripe.PaymentIntent.Status>([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
]);

export function isPayable(intent: Pick<Stripe.PaymentIntent, 'status'>): boolean {
  return PAYABLE.has(intent.status);
}

/**
 * Cancels an intent nobody paid yet, and records where it ended up: one that Stripe moved
 * on meanwhile (paid, processing) is applied and settled instead.
 */
export async function cancelIntent(paymentId: string, source: string): Promise<PaymentRow | null> {
  let intent = await retrieveIntent(paymentId);
  if (!intent) return getPayment(paymentId);
  if (isPayable(intent)) {
    try {
      intent = await getStripe().paymentIntents.cancel(paymentId, { cancellation_reason: 'abandoned' });
    } catch (error) {
      if (stripeErrorCode(error) !== 'payment_intent_unexpected_state') throw error;
      intent = (await retrieveIntent(paymentId)) ?? intent;
    }
  }
  await applyIntent(intent, source);
  return settlePayment(paymentId, paidOf(intent));
}
