import { authedRoute } from '@/lib/api/route';
import { unreadCount } from '@/lib/notifications/service';

// GET /api/notifications/unread: how many notifications the signed-in user has not read (the bell)
export const GET = authedRoute(async ({ viewer }) => ({ unread: await unreadCount(viewer.id) }));
