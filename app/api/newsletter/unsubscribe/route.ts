import { handleRoute } from '@/lib/api/route';
import { readBodyText } from '@/lib/http/body';
import { unsubscribeFromNewsletter } from '@/lib/newsletter/service';

function tokenOf(json: string): string {
  try {
    const body = JSON.parse(json || '{}') as { token?: unknown } | null;
    return typeof body?.token === 'string' ? body.token : '';
  } catch {
    return '';
  }
}

// POST /api/newsletter/unsubscribe?token=: stop the newsletter. Mail clients call it from the
// List-Unsubscribe header (RFC 8058: a form body 'List-Unsubscribe=One-Click', from anywhere),
// and the unsubscribe page with JSON `{ token }`; the signed token is the proof.
export const POST = handleRoute(
  async (request) => {
    let token = request.nextUrl.searchParams.get('token') ?? '';
    if (!token && request.headers.get('content-type')?.startsWith('application/json')) {
      token = tokenOf(await readBodyText(request));
    }
    await unsubscribeFromNewsletter(token);
    return Response.json({ unsubscribed: true });
  },
  { crossSite: true, bodyTypes: ['application/x-www-form-urlencoded', 'application/json', 'multipart/form-data'] },
);
