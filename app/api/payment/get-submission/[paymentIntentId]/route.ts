import { getEnvolvementForViewer } from '@/lib/envolvements/queries';
import { AppError } from '@/lib/http/errors';
import { authedRoute } from '@/lib/api/route';
import { ENVOLVEMENT_NOT_FOUND } from '@/lib/domain/payment-messages';
import { getOwnPaymentOrThrow } from '@/lib/payments/ledger';

// GET /api/payment/get-submission/{paymentIntentId}: the envolvement a payment is for (payer only)
export const GET = authedRoute(async ({ params, viewer }) => {
  const payment = await getOwnPaymentOrThrow(viewer.id, params.paymentIntentId ?? '');
  // The payer keeps the record of what they paid for, even once it was removed.
  const envolvement = await getEnvolvementForViewer(payment.envolvementId, viewer.id);
  if (!envolvement) throw new AppError('not_found', ENVOLVEMENT_NOT_FOUND);
  return envolvement;
});
