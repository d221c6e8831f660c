import { EMAIL_TOPIC_LABELS } from '@/lib/domain/notifications';
import { handleRoute } from '@/lib/api/route';
import { readBodyText } from '@/lib/http/body';
import { unsubscribe } from '@/lib/notifications/unsubscribe';

// POST /api/notifications/unsubscribe?token=: stops one kind of e-mail for the token's
// user. Mail clients call it from the List-Unsubscribe header (RFC 8058: a form body
// 'List-Unsubscribe=One-Click', from anywhere), and the unsubscribe page with JSON
// `{ token }`; the signed token is the proof, no session is needed.
function tokenOf(json: string): string {
  try {
    const body = JSON.parse(json || '{}') as { token?: unknown } | null;
    return typeof body?.token === 'string' ? body.token : '';
  } catch {
    return '';
  }
}

export const POST = handleRoute(
  async (request) => {
    let token = request.nextUrl.searchParams.get('token') ?? '';
    if (!token && request.headers.get('content-type')?.startsWith('application/json')) {
      token = tokenOf(await readBodyText(request));
    }
    const topic = await unsubscribe(token);
    return Response.json({ unsubscribed: true, topic, label: EMAIL_TOPIC_LABELS[topic] });
  },
  { crossSite: true, bodyTypes: ['application/x-www-form-urlencoded', 'application/json', 'multipart/form-data'] },
);
