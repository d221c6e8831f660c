import { AppError } from '@/lib/http/errors';
import { authedRoute, parseId, readJson } from '@/lib/http/route';
import { confirmCardPayment } from '@/lib/payments/card';
import { claimFree, ENVOLVEMENT_NOT_FOUND, getCheckoutState } from '@/lib/payments/grant';
import { checkoutBodySchema } from '@/lib/validation/payments';

// POST /api/payment/grant-access: join a free envolvement, or confirm a card payment
export const POST = authedRoute(async ({ request, viewer }) => {
  const body = await readJson(request, checkoutBodySchema);
  const envolvementId = parseId(body.submissionId, ENVOLVEMENT_NOT_FOUND);
  const { row } = await getCheckoutState(envolvementId, viewer.id);
  if (row.priceCents <= 0) {
    await claimFree(viewer.id, envolvementId);
    return { success: true };
  }
  if (!body.paymentIntentId) throw new AppError('bad_request', 'This envolvement requires payment.');
  const result = await confirmCardPayment(viewer.id, envolvementId, body.paymentIntentId);
  if (result.refunded) throw new AppError('conflict', `${result.reason}: your payment has been refunded.`);
  if (!result.granted) throw new AppError('bad_request', result.reason ?? 'Payment could not be confirmed.');
  return { success: true };
});
