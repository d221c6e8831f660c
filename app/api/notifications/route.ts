import { authedRoute } from '@/lib/api/route';
import { listNotifications, unreadCount } from '@/lib/notifications/service';
import { notificationListQuerySchema } from '@/lib/validation/notifications';

// GET /api/notifications?cursor=: the signed-in user's notifications, newest first, 20 at a time
export const GET = authedRoute(
  async ({ query, viewer }) => {
    const [page, unread] = await Promise.all([
      listNotifications(viewer.id, query.cursor ?? null),
      unreadCount(viewer.id),
    ]);
    return { ...page, unread };
  },
  { query: notificationListQuerySchema },
);
