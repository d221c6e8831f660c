import { MEMBER_NOT_FOUND, refundMember } from '@/lib/creator/members';
import { authedRoute, parseId } from '@/lib/api/route';

// POST /api/payment/refund/{purchaseId}: the creator refunds one member in full
export const POST = authedRoute(async ({ params, viewer }) => {
  return refundMember(viewer, parseId(params.purchaseId, MEMBER_NOT_FOUND));
});
