import { authedRoute, parseId } from '@/lib/api/route';
import { ENVOLVEMENT_NOT_FOUND } from '@/lib/domain/payment-messages';
import { joinEnvolvement } from '@/lib/payments/join';
import { checkoutBodySchema } from '@/lib/validation/payments';

// POST /api/payment/grant-access: join a free envolvement, or confirm a card payment
// Counted per user: confirming a card payment asks Stripe about it.
export const POST = authedRoute(
  async ({ body, viewer }) => {
    await joinEnvolvement(viewer.id, parseId(body.envolvementId, ENVOLVEMENT_NOT_FOUND), body.paymentIntentId);
    return { success: true };
  },
  { body: checkoutBodySchema, rateLimit: { name: 'grantAccess', per: 'user' } },
);
