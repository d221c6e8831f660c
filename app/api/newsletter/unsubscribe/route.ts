import { handleRoute } from '@/lib/api/route';
import { ONE_CLICK_ROUTE, oneClickToken } from '@/lib/http/one-click';
import { unsubscribeFromNewsletter } from '@/lib/newsletter/service';

// POST /api/newsletter/unsubscribe?token=: stop the newsletter, in one click from a mail
// client's List-Unsubscribe or from the unsubscribe page (lib/http/one-click.ts).
export const POST = handleRoute(async (request) => {
  await unsubscribeFromNewsletter(await oneClickToken(request));
  return Response.json({ unsubscribed: true });
}, ONE_CLICK_ROUTE);
