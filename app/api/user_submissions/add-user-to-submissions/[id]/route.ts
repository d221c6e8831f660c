import { authedRoute, parseId } from '@/lib/api/route';
import { claimFree } from '@/lib/payments/grant';
import { ENVOLVEMENT_NOT_FOUND } from '@/lib/domain/payment-messages';

// POST /api/user_submissions/add-user-to-submissions/{id}: the direct join, through the same grant path
export const POST = authedRoute(async ({ params, viewer }) => {
  await claimFree(viewer.id, parseId(params.id, ENVOLVEMENT_NOT_FOUND));
  return { success: true };
});
