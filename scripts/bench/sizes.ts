// What a page weighs as it is sent: its HTML, and its RSC payload, what the router fetches to
// draw it on a navigation (every segment from the root layout down, and the metadata).
import type { Target } from './measure';

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
