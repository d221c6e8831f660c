import { authedRoute, parseId } from '@/lib/api/route';
import { ENVOLVEMENT_NOT_FOUND } from '@/lib/domain/payment-messages';
import { createPaymentIntent } from '@/lib/payments/intents';
import { checkoutBodySchema } from '@/lib/validation/payments';

// POST /api/payment/create-payment-intent: start or resume paying for an envolvement by card
export const POST = authedRoute(
  async ({ body, viewer }) => createPaymentIntent(viewer.id, parseId(body.envolvementId, ENVOLVEMENT_NOT_FOUND)),
  { body: checkoutBodySchema, rateLimit: { name: 'paymentIntent', per: 'user' } },
);
