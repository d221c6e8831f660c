import { authedRoute, parseId } from '@/lib/api/route';
import { markRead, NOTIFICATION_NOT_FOUND, unreadCount } from '@/lib/notifications/service';

// POST /api/notifications/{id}/read: mark one of the signed-in user's notifications read
export const POST = authedRoute(async ({ params, viewer }) => {
  await markRead(viewer.id, parseId(params.id, NOTIFICATION_NOT_FOUND));
  return { unread: await unreadCount(viewer.id) };
});
