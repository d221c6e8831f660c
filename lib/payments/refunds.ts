import 'server-only';
import type Stripe from 'stripe';
import { db } from '@/lib/db/client';
import { paymentRefunds, type PaymentRow } from '@/models';
import { feeRefundedCents } from '@/lib/domain/fees';
import { idempotencyKey } from '@/lib/stripe/idempotency';
import { moveLedger } from './ledger';
import { grantsAccess } from '@/lib/domain/ledger-rules';
import { getStripe } from '@/lib/stripe/client';
import { stripeErrorCode } from '@/lib/stripe/errors';

function reversedOf(refund: Stripe.Refund): number {
  const reversal = refund.transfer_reversal;
  return reversal && typeof reversal === 'object' ? reversal.amount : 0;
}

/**
 * Sends the full refund a payment is marked for. Safe to call again, from another
 * instance or after a crash: the idempotency key makes Stripe answer the same refund, the
 * refund id is recorded once, and the ledger only moves forward.
 */
export async function executeRefund(payment: PaymentRow): Promise<PaymentRow> {
  if (!payment.refundReason || !grantsAccess(payment.status)) return payment;
  if (payment.amountRefundedCents >= payment.amountCents) return payment;
  // No amount: Stripe refunds all that is left on the charge, which is what the buyer paid
  // even when it differs from the amount offered (a refund for 'amount_mismatch').
  const params: Stripe.RefundCreateParams = {
    payment_intent: payment.id,
    metadata: { reason: payment.refundReason },
    // Money paid to a creator comes back from their account, and the platform returns its fee.
    ...(payment.destinationAccountId
      ? {
          reverse_transfer: true,
          refund_application_fee: payment.applicationFeeCents > 0,
          expand: ['transfer_reversal'],
        }
      : {}),
  };
  let refund: Stripe.Refund;
  try {
    // Scoped by where the payment stands, so a refusal Stripe keeps under a key (a charge
    // under dispute) is not replayed once the dispute is settled.
    const scope = `${payment.status}|${payment.amountRefundedCents}`;
    refund = await getStripe().refunds.create(params, { idempotencyKey: idempotencyKey('refund', params, scope) });
  } catch (error) {
    // Refunded meanwhile (the dashboard, another instance): the ledger catches up.
    if (stripeErrorCode(error) !== 'charge_already_refunded') throw error;
    const caught = await moveLedger(
      payment.id,
      { kind: 'refunded', amountRefundedCents: payment.amountCents },
      'stripe:already_refunded',
    );
    return caught?.payment ?? payment;
  }
  await db()
    .insert(paymentRefunds)
    .values({
      id: refund.id,
      paymentId: payment.id,
      amountCents: refund.amount,
      reason: payment.refundReason,
      requestedBy: payment.refundRequestedBy,
      transferReversedCents: reversedOf(refund),
      // Stripe returns the fee in the refund's proportion; this refund takes what is left.
      feeRefundedCents:
        refund.status === 'succeeded' || refund.status === 'pending'
          ? payment.applicationFeeCents -
            feeRefundedCents(payment.applicationFeeCents, payment.amountCents, payment.amountRefundedCents)
          : 0,
    })
    .onConflictDoNothing({ target: paymentRefunds.id });
  if (refund.status === 'failed' || refund.status === 'canceled') return payment;
  // Nothing is left on the charge now: refunded in full, whatever amount was offered.
  const moved = await moveLedger(
    payment.id,
    { kind: 'refunded', amountRefundedCents: payment.amountCents },
    `refund:${refund.id}`,
  );
  return moved?.payment ?? payment;
}
