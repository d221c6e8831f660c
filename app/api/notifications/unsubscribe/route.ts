import { EMAIL_TOPIC_LABELS } from '@/lib/domain/notifications';
import { handleRoute } from '@/lib/api/route';
import { ONE_CLICK_ROUTE, oneClickToken } from '@/lib/http/one-click';
import { unsubscribe } from '@/lib/notifications/unsubscribe';

// POST /api/notifications/unsubscribe?token=: stops one kind of e-mail for the token's user,
// in one click from a mail client's List-Unsubscribe or from the unsubscribe page
// (lib/http/one-click.ts); no session is needed.
export const POST = handleRoute(async (request) => {
  const topic = await unsubscribe(await oneClickToken(request));
  return Response.json({ unsubscribed: true, topic, label: EMAIL_TOPIC_LABELS[topic] });
}, ONE_CLICK_ROUTE);
