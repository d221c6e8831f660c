import { siteUrl } from '@/lib/site';
import { AppError } from './errors';

const REFUSED = 'This request must come from the Envolve site itself.';

function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * Refuses a request another site made the browser send. Browsers name the page's origin
 * in `Origin` on every cross-site write; older ones at least say `Sec-Fetch-Site`. A
 * request with neither did not come from a browser page (curl, a server), so it carries
 * no victim's cookie to abuse. The origin (scheme, host and port) must be the site's
 * configured address (NEXTAUTH_URL): the Host and X-Forwarded-Host headers are the
 * client's to write, so they cannot say which origins are this site.
 */
export function assertSameOrigin(request: Request): void {
  const origin = request.headers.get('origin');
  if (origin === null) {
    const site = request.headers.get('sec-fetch-site');
    if (site !== null && site !== 'same-origin' && site !== 'none') throw new AppError('forbidden', REFUSED);
    return;
  }
  const claimed = originOf(origin);
  if (claimed === null || claimed !== originOf(siteUrl())) throw new AppError('forbidden', REFUSED);
}
