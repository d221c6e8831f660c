import { NextResponse, type NextRequest } from 'next/server';
import { getViewerFromRequest } from '@/lib/auth/viewer';
import { isGoneFor } from '@/lib/envolvements/visibility';

const ENVOLVEMENT_PAGE = /^\/envolvement\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;

// A page cannot set its own status once rendering starts, so the status of an envolvement
// its creator removed is set here: 410 Gone for everyone the page shows the removed notice
// to. The decision is lib's (the page renders by the same rule); this only carries it.
async function statusFor(request: NextRequest): Promise<number | null> {
  const id = ENVOLVEMENT_PAGE.exec(request.nextUrl.pathname)?.[1];
  if (!id) return null;
  const gone = await isGoneFor(id, async () => (await getViewerFromRequest(request))?.id ?? null);
  return gone ? 410 : null;
}

// Security headers for every page and API answer. Access decisions are made in lib/,
// never here.
export async function proxy(request: NextRequest) {
  const status = await statusFor(request).catch((error: unknown) => {
    console.error('[proxy] could not tell whether the page is gone', error);
    return null;
  });
  const response = status ? NextResponse.rewrite(request.nextUrl, { status }) : NextResponse.next();
  response.headers.set('X-Content-Type-Options', 'nosniff');
  response.headers.set('X-Frame-Options', 'DENY');
  response.headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  response.headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(self "https://js.stripe.com")');
  return response;
}

export const config = {
  // Uploads skip the proxy: it buffers at most 10 MB of a body, and the upload handlers
  // must see the whole file to answer 413 for one that is too large.
  matcher: ['/((?!_next/static|_next/image|favicon.ico|api/uploads|api/profile/banner).*)'],
};
