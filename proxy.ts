import { NextResponse, type NextRequest } from 'next/server';
import { getViewerFromRequest } from '@/lib/auth/viewer';
import { isGoneFor } from '@/lib/envolvements/visibility';
import { baseSecurityHeaders, pageContentSecurityPolicy } from '@/lib/http/security-headers';
import { logError } from '@/lib/log';
import { isUuid } from '@/lib/validation/ids';

const ENVOLVEMENT_PAGE = /^\/envolvement\/([^/]+)\/?$/;

// A page cannot set its own status once rendering starts, so the status of an envolvement
// its creator removed is set here: 410 Gone for everyone the page shows the removed notice
// to. The decision is lib's (the page renders by the same rule); this only carries it.
async function statusFor(request: NextRequest): Promise<number | null> {
  const id = ENVOLVEMENT_PAGE.exec(request.nextUrl.pathname)?.[1];
  if (!isUuid(id)) return null;
  const gone = await isGoneFor(id, async () => (await getViewerFromRequest(request))?.id ?? null);
  return gone ? 410 : null;
}

// A path whose percent-encoding does not decode names nothing; the router would fail on it.
function isMalformedPath(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}

function badPath(request: NextRequest): Response {
  const message = 'The address is not valid.';
  const headers = baseSecurityHeaders();
  return request.nextUrl.pathname.startsWith('/api/')
    ? Response.json({ error: message, code: 'bad_request' }, { status: 400, headers })
    : new Response(message, { status: 400, headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' } });
}

// Security headers for every page and API answer, and each page's Content-Security-Policy
// with a fresh nonce (Next reads it from the request's policy and marks its scripts).
// Access decisions are made in lib/, never here.
export async function proxy(request: NextRequest) {
  if (isMalformedPath(request.nextUrl.pathname)) return badPath(request);
  const isApi = request.nextUrl.pathname.startsWith('/api/');
  const requestHeaders = new Headers(request.headers);
  let policy: string | null = null;
  if (!isApi) {
    const nonce = Buffer.from(crypto.randomUUID()).toString('base64');
    policy = pageContentSecurityPolicy(nonce, { dev: process.env.NODE_ENV === 'development' });
    requestHeaders.set('x-nonce', nonce);
    requestHeaders.set('Content-Security-Policy', policy);
  }
  const status = await statusFor(request).catch((error: unknown) => {
    logError('proxy', error, { reason: 'could not tell whether the page is gone' });
    return null;
  });
  const response = status
    ? NextResponse.rewrite(request.nextUrl, { status, request: { headers: requestHeaders } })
    : NextResponse.next({ request: { headers: requestHeaders } });
  for (const [name, value] of Object.entries(baseSecurityHeaders())) response.headers.set(name, value);
  // API answers carry their own policy (the route wrapper sets it).
  if (policy) response.headers.set('Content-Security-Policy', policy);
  return response;
}

export const config = {
  // Uploads skip the proxy: it would buffer their bodies, which the upload handlers stream
  // with a hard limit instead. Their security headers come from the API wrapper.
  matcher: ['/((?!_next/static|_next/image|favicon.ico|api/uploads|api/profile/banner).*)'],
};
