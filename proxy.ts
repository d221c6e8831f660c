import { NextResponse, type NextRequest } from 'next/server';
import {
  baseSecurityHeaders,
  cachedPageContentSecurityPolicy,
  pageContentSecurityPolicy,
} from '@/lib/http/security-headers';
import { isDatabaseDown } from '@/lib/db/availability';
import { UNAVAILABLE_HTML, unavailablePageHeaders } from '@/lib/http/unavailable-page';
import { exploreViewOf, marketingCopyPath, publicAddressOf } from '@/lib/routing/pages';

/**
 * How the proxy has a page answered: from the cache, the same bytes for everyone (and so
 * without a nonce), or rendered for its request; perhaps at another path of the same page.
 */
type Route = { cached: boolean; rewrite: URL | null };

/**
 * Where each address is served from is lib/routing/pages.ts's map. The proxy reads neither
 * the session nor the database: a page the same for everyone is one page for everyone, and
 * what depends on the viewer reaches the browser from `GET /api/me?page=`.
 */
function routeFor(request: NextRequest): Route {
  const { pathname, searchParams } = request.nextUrl;
  const address = publicAddressOf(pathname);
  switch (address.kind) {
    case 'marketing':
      return { cached: true, rewrite: at(request, marketingCopyPath(address.page)) };
    case 'explore': {
      const view = exploreViewOf(searchParams);
      return { cached: view.cached, rewrite: at(request, view.path) };
    }
    case 'cached':
      return { cached: true, rewrite: null };
    case 'handle':
      return { cached: true, rewrite: at(request, address.path) };
    case 'other':
      return { cached: false, rewrite: null };
  }
}

/** The same address at another path of its page, its query kept (a cached view's is in its key). */
function at(request: NextRequest, pathname: string): URL {
  const url = request.nextUrl.clone();
  url.pathname = pathname;
  if (pathname.startsWith('/explore/~')) url.search = '';
  return url;
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
  const route = routeFor(request);
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
    ? NextResponse.rewrite(route.rewrite, { request: { headers: requestHeaders } })
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
