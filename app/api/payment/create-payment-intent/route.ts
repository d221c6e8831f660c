import { authedRoute, parseId, readJson } from '@/lib/http/route';
import { ENVOLVEMENT_NOT_FOUND } from '@/lib/payments/grant';
import { createPaymentIntent } from '@/lib/payments/intents';
import { consumeRateLimit } from '@/lib/rate-limit';
import { checkoutBodySchema } from '@/lib/validation/payments';

// POST /api/payment/create-payment-intent: start or resume paying for an envolvement by card
export const POST = authedRoute(async ({ request, viewer }) => {
  await consumeRateLimit('paymentIntent', viewer.id);
  const { submissionId } = await readJson(request, checkoutBodySchema);
  return createPaymentIntent(viewer.id, parseId(submissionId, ENVOLVEMENT_NOT_FOUND));
});
