import { exploreKeyOf } from '@/lib/explore/page-key';
import { queryObject } from '@/lib/http/body';
import { parseExploreParams } from '@/lib/validation/explore';
import { isUuid } from '@/lib/validation/ids';
import { MARKETING_ADDRESSES, type MarketingPage } from './marketing';

// Where each public address is served from. A page the same for everyone is rendered once
// and served from the cache; Next's cache keys pages by path, so such a page lives at a path
// of its own that holds everything it varies by, and the proxy (proxy.ts) serves the public
// address from there when that is another path. An envolvement's page and a profile are such
// pages at their own address: what depends on who asks comes to the browser from
// `GET /api/me?page=` (lib/viewer). This module is that map, shared by the proxy, the pages
// and their tests: a new public page is added here and in its folder under app/.

/** The one value of a marketing page's `[copy]` segment: `/site/<page>/cached`. */
export const CACHED_COPY = 'cached';

const ENVOLVEMENT_PAGE = /^\/envolvement\/([^/]+)\/?$/;
const PROFILE_PAGE = /^\/profile\/([^/]+)\/?$/;
/** `/@handle`, the '@' perhaps percent-encoded; what follows is checked by the page. */
const HANDLE_PAGE = /^\/(?:@|%40)([^/]+)\/?$/i;
/** Profile paths that are pages of their own, not a user. */
const PROFILE_ROUTES = new Set(['search']);

/** What an address is, as far as its path tells. */
export type PublicAddress =
  | { kind: 'marketing'; page: MarketingPage }
  | { kind: 'explore' }
  /** Served from the cache at its own path: a cached copy (`/explore/<key>`, `/site/<page>/cached`), an envolvement, a profile. */
  | { kind: 'cached' }
  /** A profile's canonical address, `/@handle`: served from its page at `/profile/@handle`. */
  | { kind: 'handle'; path: string }
  | { kind: 'other' };

export function publicAddressOf(pathname: string): PublicAddress {
  const marketing = MARKETING_ADDRESSES[pathname];
  if (marketing) return { kind: 'marketing', page: marketing };
  if (pathname === '/explore' || pathname === '/explore/') return { kind: 'explore' };
  if (pathname === EXPLORE_SEARCH_PATH) return { kind: 'other' };
  if (/^\/(explore|site)\//.test(pathname)) return { kind: 'cached' };
  const [, envolvement] = ENVOLVEMENT_PAGE.exec(pathname) ?? [];
  if (isUuid(envolvement)) return { kind: 'cached' };
  const [, handle] = HANDLE_PAGE.exec(pathname) ?? [];
  if (handle) return { kind: 'handle', path: `/profile/@${handle}` };
  const [, profile] = PROFILE_PAGE.exec(pathname) ?? [];
  if (profile && !PROFILE_ROUTES.has(profile)) return { kind: 'cached' };
  return { kind: 'other' };
}

/** The path of a marketing page's cached copy. */
export const marketingCopyPath = (page: MarketingPage) => `/site/${page}/${CACHED_COPY}`;

/** The search page: searches are rendered for their request, never stored per query. */
export const EXPLORE_SEARCH_PATH = '/explore/search';

/**
 * Where Explore's view for a query is served from: a search at the search page, rendered for
 * its request; a view by category (as many as there are sets of categories) from the cache,
 * at the path of its key (lib/explore/page-key.ts).
 */
export function exploreViewOf(search: URLSearchParams): { cached: boolean; path: string } {
  if (parseExploreParams(queryObject(search)).q) return { cached: false, path: EXPLORE_SEARCH_PATH };
  return { cached: true, path: `/explore/${exploreKeyOf(search)}` };
}
