import { exploreHref } from '@/lib/explore/params';
import { queryObject } from '@/lib/http/body';
import { parseExploreParams, type ExploreParams } from '@/lib/validation/explore';

// Explore is served from the cache, one page per set of filters: the proxy turns
// `/explore?…` into `/explore/<key>`, the filters written the same way however the link
// wrote them (so one view is one cache entry) and carried in one path segment as base64url
// (so no character of a search needs escaping twice).

const MARK = '~';

/** The page key of the filters a link asks for; what does not fit is left out, as the page would. */
export function exploreKeyOf(search: URLSearchParams): string {
  const href = exploreHref(parseExploreParams(queryObject(search)));
  const canonical = href.includes('?') ? href.slice(href.indexOf('?') + 1) : '';
  return MARK + Buffer.from(canonical, 'utf8').toString('base64url');
}

/** The filters a page key holds; null for a segment that is not a key. */
export function exploreParamsOfKey(key: string): ExploreParams | null {
  if (!key.startsWith(MARK)) return null;
  const encoded = key.slice(MARK.length);
  if (!/^[A-Za-z0-9_-]*$/.test(encoded)) return null;
  return parseExploreParams(queryObject(new URLSearchParams(Buffer.from(encoded, 'base64url').toString('utf8'))));
}
