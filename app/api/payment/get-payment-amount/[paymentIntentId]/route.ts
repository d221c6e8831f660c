import { authedRoute } from '@/lib/http/route';
import { getOwnPaymentIntent } from '@/lib/payments/card';
import { automaticRefundReason } from '@/lib/payments/webhook';

// GET /api/payment/get-payment-amount/{paymentIntentId}: what the payer paid, in cents
export const GET = authedRoute(async ({ params, viewer }) => {
  const intent = await getOwnPaymentIntent(viewer.id, params.paymentIntentId ?? '');
  return {
    amount: intent.amount,
    currency: intent.currency,
    status: intent.status,
    refundReason: await automaticRefundReason(intent.id),
  };
});
