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

// The address the request was sent to, as the browser saw it: behind a proxy, the
// forwarded host and scheme.
function requestOrigin(request: Request): string | null {
  const forwarded = (name: string) => request.headers.get(name)?.split(',')[0]!.trim() || null;
  const host = forwarded('x-forwarded-host') ?? request.headers.get('host');
  if (!host) return null;
  const scheme = forwarded('x-forwarded-proto') ?? new URL(request.url).protocol.replace(/:$/, '');
  return originOf(`${scheme}://${host}`);
}

/**
 * Refuses a request another site made the browser send. Browsers name the page's origin
 * in `Origin` on every cross-site write; older ones at least say `Sec-Fetch-Site`. A
 * request with neither did not come from a browser page (curl, a server), so it carries
 * no victim's cookie to abuse. The origin (scheme, host and port) must be the site's
 * configured address or the address the request was sent to.
 */
export function assertSameOrigin(request: Request): void {
  const origin = request.headers.get('origin');
  if (origin === null) {
    const site = request.headers.get('sec-fetch-site');
    if (site !== null && site !== 'same-origin' && site !== 'none') throw new AppError('forbidden', REFUSED);
    return;
  }
  const claimed = originOf(origin);
  const allowed = claimed !== null && (claimed === originOf(siteUrl()) || claimed === requestOrigin(request));
  if (!allowed) throw new AppError('forbidden', REFUSED);
}
