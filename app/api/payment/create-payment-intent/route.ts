import { authedRoute, parseId } from '@/lib/api/route';
import { ENVOLVEMENT_NOT_FOUND } from '@/lib/domain/payment-messages';
import { createPaymentIntent } from '@/lib/payments/intents';
import { requireVerified } from '@/lib/users/verification';
import { checkoutBodySchema } from '@/lib/validation/payments';

// POST /api/payment/create-payment-intent: start or resume paying for an envolvement by card
// Paying waits for a confirmed address: receipts and refunds are told there.
export const POST = authedRoute(
  async ({ body, viewer }) => {
    requireVerified(viewer);
    return createPaymentIntent(viewer.id, parseId(body.envolvementId, ENVOLVEMENT_NOT_FOUND));
  },
  { body: checkoutBodySchema, rateLimit: { name: 'paymentIntent', per: 'user' } },
);
