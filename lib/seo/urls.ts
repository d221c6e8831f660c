import { isPublished } from '@/lib/envolvements/rules';
import { siteUrl } from '@/lib/site';

// The public addresses of pages, relative to the site, and made absolute for documents
// read away from the site (JSON-LD, sitemaps).

export function envolvementPath(id: string): string {
  return `/envolvement/${id}`;
}

/**
 * Where an envolvement is opened: its public page, or, while it is not public (a draft, a
 * removed one), the private page its creator and members open it at.
 */
export function envolvementPagePath(envolvement: { _id: string; active: boolean; removed: boolean }): string {
  return isPublished(envolvement) ? envolvementPath(envolvement._id) : `${envolvementPath(envolvement._id)}/private`;
}

/**
 * A profile's public address, the canonical one: `/@handle`. Its id address (`/profile/<id>`)
 * and its former handles lead there (lib/users/handle-addresses.ts).
 */
export function profilePath(handle: string): string {
  return `/@${handle}`;
}

/** An absolute URL for a site path; a value that is already absolute is kept as it is. */
export function absoluteUrl(pathOrUrl: string, site: string = siteUrl()): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${site}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}
