import { publicRoute } from '@/lib/api/route';
import { unreadCount } from '@/lib/notifications/service';
import { accountNotices } from '@/lib/users/notices';
import { pagePartFor } from '@/lib/viewer/page';
import { meQuerySchema } from '@/lib/validation/viewer';

// GET /api/me?page=/envolvement/{id}: who is signed in, for the parts of a page the server
// sends the same to everyone (the top bar and its unread count, the offer dialog's action, the
// account notice), `{ viewer: null }` when nobody is; and with `page`, that page's parts that
// depend on the viewer (lib/viewer): one request beside each page, which comes from the cache.
export const GET = publicRoute(
  async ({ viewer, query }) => {
    const [unread, page] = await Promise.all([
      viewer ? unreadCount(viewer.id) : 0,
      query.page ? pagePartFor(query.page, viewer) : null,
    ]);
    return Response.json(
      {
        viewer: viewer
          ? { id: viewer.id, name: viewer.name, picture: viewer.picture, notices: accountNotices(viewer), unread }
          : null,
        page,
      },
      // Whose it is decides every byte: no cache may keep it.
      { headers: { 'Cache-Control': 'private, no-store' } },
    );
  },
  { query: meQuerySchema },
);
