import { getEnvolvementForViewer } from '@/lib/envolvements/queries';
import { AppError } from '@/lib/http/errors';
import { authedRoute } from '@/lib/http/route';
import { getOwnPaymentIntent } from '@/lib/payments/card';
import { ENVOLVEMENT_NOT_FOUND } from '@/lib/payments/grant';

// GET /api/payment/get-submission/{paymentIntentId}: the envolvement a payment is for (payer only)
export const GET = authedRoute(async ({ params, viewer }) => {
  const intent = await getOwnPaymentIntent(viewer.id, params.paymentIntentId ?? '');
  const id = intent.metadata?.envolvementId ?? '';
  const envolvement = /^[0-9a-f-]{36}$/.test(id) ? await getEnvolvementForViewer(id, viewer.id) : null;
  if (!envolvement) throw new AppError('not_found', ENVOLVEMENT_NOT_FOUND);
  return envolvement;
});
