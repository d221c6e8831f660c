import { authedRoute } from '@/lib/api/route';
import { refundMessage } from '@/lib/payments/card';
import { getOwnPaymentOrThrow } from '@/lib/payments/ledger';

// GET /api/payment/get-payment-amount/{paymentIntentId}: what the payer paid, in cents, and when, from the ledger
export const GET = authedRoute(async ({ params, viewer }) => {
  const payment = await getOwnPaymentOrThrow(viewer.id, params.paymentIntentId ?? '');
  return {
    amount: payment.amountCents,
    currency: payment.currency,
    status: payment.status,
    refundReason: refundMessage(payment),
    paidAt: payment.paidAt?.toISOString() ?? null,
  };
});
