// What a page weighs as it is sent: its HTML, and its RSC payload, what the router fetches to
// draw it on a navigation (every segment from the root layout down, and the metadata). On a
// page with almost nothing of its own, such as Contact Us, the payload is mostly the root
// layout's: the top bar, the menu, the footer and the client components they name.
import type { Target } from './measure';

export type PageSizes = {
  /** `/contact-us`'s RSC payload. */
  layoutRscKb: number;
  /** The payload of an address no page answers: the layout and the 404 page's one line. */
  notFoundRscKb: number;
  /** `/contact-us`'s HTML. */
  contactHtmlKb: number;
};

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/**
 * The KB of `target`'s HTML or RSC payload, as a visitor's browser receives it, uncompressed.
 * Next 16 answers an RSC request only at the address its router headers hash to (`_rsc`), which
 * is empty when no router state is sent: it redirects any other.
 */
export async function payloadKb(baseUrl: string, target: Target, kind: 'html' | 'rsc'): Promise<number> {
  const rsc = kind === 'rsc';
  const url = `${baseUrl}${target.path}${rsc ? `${target.path.includes('?') ? '&' : '?'}_rsc` : ''}`;
  const response = await fetch(url, {
    headers: { ...target.headers, ...(rsc ? { RSC: '1' } : {}) },
    redirect: 'manual',
  });
  const body = await response.arrayBuffer();
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || (rsc && !type.startsWith('text/x-component')))
    throw new Error(`${target.path} answered ${response.status} ${type} to an ${rsc ? 'RSC' : 'HTML'} request`);
  return kb(body.byteLength);
}

/** The sizes Envolve's layout sets, read signed out: Contact Us is the same for everyone. */
export async function measurePageSizes(baseUrl: string): Promise<PageSizes> {
  return {
    layoutRscKb: await payloadKb(baseUrl, { path: '/contact-us' }, 'rsc'),
    // An RSC request answers the 404 page's payload with a 200: the router draws it.
    notFoundRscKb: await payloadKb(baseUrl, { path: '/no-page-has-this-address' }, 'rsc'),
    contactHtmlKb: await payloadKb(baseUrl, { path: '/contact-us' }, 'html'),
  };
}
