import { exploreKeyOf } from '@/lib/explore/page-key';
import { isUuid } from '@/lib/validation/ids';
import { MARKETING_ADDRESSES, type MarketingPage } from './marketing';

// Where each public address is served from. A page the same for everyone is rendered once
// and served from the cache; Next's cache keys pages by path, so such a page lives at a path
// of its own that holds everything it varies by, and the proxy (proxy.ts) serves the public
// address from there. A page that depends on who asks is rendered for its request, at its
// own address or at the `rendered` copy beside the cached one. This module is that map,
// shared by the proxy, the pages and their tests: a new public page is added here and in
// its folder under app/.

/** The one value of a marketing page's `[copy]` segment: `/site/<page>/cached`. */
export const CACHED_COPY = 'cached';

/** The folder beside an envolvement's or a profile's cached page that renders it per request. */
const RENDERED = 'rendered';

const ENVOLVEMENT_PAGE = /^\/envolvement\/([^/]+)(\/rendered)?\/?$/;
const PROFILE_PAGE = /^\/profile\/([^/]+)(\/rendered)?\/?$/;
/** Profile paths that are pages of their own, not a user. */
const PROFILE_ROUTES = new Set(['search']);

/** What an address is, as far as the path tells without asking who is signed in. */
export type PublicAddress =
  | { kind: 'marketing'; page: MarketingPage }
  | { kind: 'explore' }
  /** Already the path of a cached copy (`/explore/<key>`, `/site/<page>/cached`). */
  | { kind: 'cached-copy' }
  | { kind: 'envolvement'; id: string; rendered: boolean }
  | { kind: 'profile'; user: string; rendered: boolean }
  | { kind: 'other' };

export function publicAddressOf(pathname: string): PublicAddress {
  const marketing = MARKETING_ADDRESSES[pathname];
  if (marketing) return { kind: 'marketing', page: marketing };
  if (pathname === '/explore' || pathname === '/explore/') return { kind: 'explore' };
  if (/^\/(explore|site)\//.test(pathname)) return { kind: 'cached-copy' };
  const [, envolvement, renderedEnvolvement] = ENVOLVEMENT_PAGE.exec(pathname) ?? [];
  if (isUuid(envolvement)) return { kind: 'envolvement', id: envolvement, rendered: Boolean(renderedEnvolvement) };
  const [, profile, renderedProfile] = PROFILE_PAGE.exec(pathname) ?? [];
  if (profile && !PROFILE_ROUTES.has(profile))
    return { kind: 'profile', user: profile, rendered: Boolean(renderedProfile) };
  return { kind: 'other' };
}

/** The path of a marketing page's cached copy. */
export const marketingCopyPath = (page: MarketingPage) => `/site/${page}/${CACHED_COPY}`;

/** The path of the cached Explore view a query asks for (lib/explore/page-key.ts). */
export const explorePagePath = (search: URLSearchParams) => `/explore/${exploreKeyOf(search)}`;

/** The per-request copy of an envolvement's page. */
export const renderedEnvolvementPath = (id: string) => `/envolvement/${id}/${RENDERED}`;

/** The per-request copy of a profile, for its owner; `user` as the address wrote it. */
export const renderedProfilePath = (user: string) => `/profile/${user}/${RENDERED}`;
