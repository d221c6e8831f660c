import { authedRoute, parseId } from '@/lib/api/route';
import { ENVOLVEMENT_NOT_FOUND } from '@/lib/domain/payment-messages';
import { joinEnvolvement } from '@/lib/payments/join';
import { checkoutBodySchema } from '@/lib/validation/payments';

// POST /api/payment/grant-access: join a free envolvement, or confirm a card payment
// Counted per user: confirming a card payment asks Stripe about it. The answer carries the
// new member's welcome, which the one-click join shows in place of its button.
export const POST = authedRoute(
  async ({ body, viewer }) => {
    const id = parseId(body.envolvementId, ENVOLVEMENT_NOT_FOUND);
    const welcome = await joinEnvolvement(viewer.id, id, body.paymentIntentId);
    return { success: true, welcome };
  },
  { body: checkoutBodySchema, rateLimit: { name: 'grantAccess', per: 'user' } },
);
