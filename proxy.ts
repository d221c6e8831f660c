import { getToken } from 'next-auth/jwt';
import { NextResponse, type NextRequest } from 'next/server';
import { getAuthSecret } from '@/lib/auth/secret';
import { getViewerFromRequest } from '@/lib/auth/viewer';
import { profileSlug } from '@/lib/envolvements/rules';
import { isGoneFor } from '@/lib/envolvements/visibility';
import {
  baseSecurityHeaders,
  cachedPageContentSecurityPolicy,
  pageContentSecurityPolicy,
} from '@/lib/http/security-headers';
import { isDatabaseDown, reportDatabaseError } from '@/lib/db/availability';
import { UNAVAILABLE_HTML, unavailablePageHeaders } from '@/lib/http/unavailable-page';
import { logError } from '@/lib/log';
import {
  explorePagePath,
  marketingCopyPath,
  publicAddressOf,
  renderedEnvolvementPath,
  renderedProfilePath,
} from '@/lib/routing/pages';

/**
 * How the proxy has a page answered: from the cache, the same bytes for everyone (and so
 * without a nonce), or rendered for its request, perhaps at another path of the same page.
 */
type Route = { cached: true; rewrite: URL | null } | { cached: false; rewrite: URL | null; status?: number };

/**
 * Where each address is served from is lib/routing/pages.ts's map; what the proxy adds is
 * who asks. A profile is served from the cache to everyone but its owner, who gets it
 * rendered with their e-mail and drafts; an envolvement's page to visitors, while signed-in
 * viewers, whose membership decides what they see, get it rendered, as does anyone shown
 * its removed notice, with a 410. Who is signed in comes from the session token alone: a
 * stale token can only pick the page, and a rendered page checks the session again.
 */
async function routeFor(request: NextRequest): Promise<Route> {
  const { pathname, searchParams } = request.nextUrl;
  const address = publicAddressOf(pathname);
  switch (address.kind) {
    case 'marketing':
      return { cached: true, rewrite: at(request, marketingCopyPath(address.page)) };
    case 'explore':
      return { cached: true, rewrite: at(request, explorePagePath(searchParams)) };
    case 'cached-copy':
      return { cached: true, rewrite: null };
    case 'other':
      return { cached: false, rewrite: null };
    case 'envolvement':
      return envolvementRoute(request, address.id, address.rendered);
    case 'profile':
      return profileRoute(request, address.user, address.rendered);
  }
}

const sessionSubject = async (request: NextRequest) =>
  (await getToken({ req: request, secret: getAuthSecret() }).catch(() => null))?.sub;

async function envolvementRoute(request: NextRequest, id: string, rendered: boolean): Promise<Route> {
  const [subject, status] = await Promise.all([sessionSubject(request), goneStatusFor(request, id)]);
  if (!rendered && !subject && !status) return { cached: true, rewrite: null };
  return { cached: false, rewrite: at(request, renderedEnvolvementPath(id)), status: status ?? undefined };
}

async function profileRoute(request: NextRequest, user: string, rendered: boolean): Promise<Route> {
  // Reached at the rendered copy's own path, a page is rendered as it would be for this request.
  if (rendered) return { cached: false, rewrite: null };
  const subject = await sessionSubject(request);
  const slug = decodeURIComponent(user);
  if (subject && (slug === subject || slug === profileSlug(subject)))
    return { cached: false, rewrite: at(request, renderedProfilePath(user)) };
  return { cached: true, rewrite: null };
}

/** The same address at another path of its page, its query kept (Explore's is in its key). */
function at(request: NextRequest, pathname: string): URL {
  const url = request.nextUrl.clone();
  url.pathname = pathname;
  if (pathname.startsWith('/explore/')) url.search = '';
  return url;
}

// A page cannot set its own status once rendering starts, so the status of an envolvement
// its creator removed is set here: 410 Gone for everyone the page shows the removed notice
// to. The decision is lib's (the page renders by the same rule); this only carries it. It
// asks the database nothing for a live envolvement or a visitor: the removed ones are a set
// in memory (lib/envolvements/removed.ts).
async function statusFor(request: NextRequest, id: string): Promise<number | null> {
  const gone = await isGoneFor(id, async () => (await getViewerFromRequest(request))?.id ?? null);
  return gone ? 410 : null;
}

async function goneStatusFor(request: NextRequest, id: string): Promise<number | null> {
  if (isDatabaseDown()) return null;
  return statusFor(request, id).catch((error: unknown) => {
    reportDatabaseError(error);
    logError('proxy', error, { reason: 'could not tell whether the page is gone' });
    return null;
  });
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

function unavailablePage(): Response {
  return new Response(UNAVAILABLE_HTML, { status: 503, headers: unavailablePageHeaders() });
}

// Security headers for every page and API answer. A page rendered for its request gets a
// Content-Security-Policy with a fresh nonce (Next reads it from the request's policy and
// marks its scripts); a page served from the cache gets the policy without one.
// Access decisions are made in lib/, never here.
export async function proxy(request: NextRequest) {
  if (isMalformedPath(request.nextUrl.pathname)) return badPath(request);
  const dev = process.env.NODE_ENV === 'development';
  if (request.nextUrl.pathname.startsWith('/api/')) return withHeaders(NextResponse.next(), null);
  // A page rendered for its request needs the database: while it is known to be down, a
  // page that says so, with the status crawlers and proxies take as "come back later".
  // Pages served from the cache are still served from it.
  const route = await routeFor(request);
  if (!route.cached && isDatabaseDown()) return unavailablePage();
  if (route.cached) {
    const response = route.rewrite ? NextResponse.rewrite(route.rewrite) : NextResponse.next();
    return withHeaders(response, cachedPageContentSecurityPolicy({ dev }));
  }
  const requestHeaders = new Headers(request.headers);
  const nonce = Buffer.from(crypto.randomUUID()).toString('base64');
  const policy = pageContentSecurityPolicy(nonce, { dev });
  requestHeaders.set('x-nonce', nonce);
  requestHeaders.set('Content-Security-Policy', policy);
  const response = route.rewrite
    ? NextResponse.rewrite(route.rewrite, { status: route.status, request: { headers: requestHeaders } })
    : NextResponse.next({ request: { headers: requestHeaders } });
  return withHeaders(response, policy);
}

// API answers carry their own policy (the route wrapper sets it).
function withHeaders(response: NextResponse, policy: string | null): NextResponse {
  for (const [name, value] of Object.entries(baseSecurityHeaders())) response.headers.set(name, value);
  if (policy) response.headers.set('Content-Security-Policy', policy);
  return response;
}

export const config = {
  // Uploads skip the proxy: it would buffer their bodies, which the upload handlers stream
  // with a hard limit instead. Their security headers come from the API wrapper.
  matcher: ['/((?!_next/static|_next/image|favicon.ico|api/uploads|api/profile/banner|api/account/picture).*)'],
};
