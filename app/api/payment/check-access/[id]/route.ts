import { hasAccess } from '@/lib/envolvements/access';
import { getEnvolvementRow } from '@/lib/envolvements/queries';
import { AppError } from '@/lib/http/errors';
import { authedRoute, parseId } from '@/lib/api/route';
import { ENVOLVEMENT_NOT_FOUND } from '@/lib/domain/payment-messages';

// GET /api/payment/check-access/{id}: whether the signed-in user may see the content
export const GET = authedRoute(async ({ params, viewer }) => {
  const row = await getEnvolvementRow(parseId(params.id, ENVOLVEMENT_NOT_FOUND));
  if (!row) throw new AppError('not_found', ENVOLVEMENT_NOT_FOUND);
  return { hasAccess: await hasAccess(row, viewer.id) };
});
