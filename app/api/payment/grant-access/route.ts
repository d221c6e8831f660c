import { AppError } from '@/lib/http/errors';
import { authedRoute, parseId, readJson } from '@/lib/http/route';
import { confirmCardPayment } from '@/lib/payments/card';
import { claimFree, ENVOLVEMENT_NOT_FOUND } from '@/lib/payments/grant';
import { checkoutBodySchema } from '@/lib/validation/payments';

// POST /api/payment/grant-access: join a free envolvement, or confirm a card payment
export const POST = authedRoute(async ({ request, viewer }) => {
  const body = await readJson(request, checkoutBodySchema);
  const envolvementId = parseId(body.submissionId, ENVOLVEMENT_NOT_FOUND);
  if (!body.paymentIntentId) {
    // Refuses a paid envolvement with 'This envolvement requires payment.'
    await claimFree(viewer.id, envolvementId);
    return { success: true };
  }
  // A card payment is confirmed against the ledger and Stripe whatever the price is now.
  const outcome = await confirmCardPayment(viewer.id, envolvementId, body.paymentIntentId);
  if (!outcome.granted) throw new AppError('conflict', outcome.message);
  return { success: true };
});
