import { authedRoute } from '@/lib/api/route';
import { keepHandle } from '@/lib/users/profile-settings';

// DELETE /api/account/handle-notice: "Keep it": the signed-in user keeps the handle they were
// given, and is not told about it again
export const DELETE = authedRoute(
  async ({ viewer }) => {
    await keepHandle(viewer.id);
    return { handle: null };
  },
  { rateLimit: { name: 'profileEdit', per: 'user' } },
);
