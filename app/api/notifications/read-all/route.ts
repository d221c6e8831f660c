import { authedRoute } from '@/lib/api/route';
import { markAllRead } from '@/lib/notifications/service';

// POST /api/notifications/read-all: mark every notification of the signed-in user read
export const POST = authedRoute(async ({ viewer }) => {
  await markAllRead(viewer.id);
  return { unread: 0 };
});
