import 'server-only';
import type { NextRequest } from 'next/server';
import { readBodyText } from './body';

// A one-click unsubscribe address (RFC 8058). Mail clients call it from the List-Unsubscribe
// header, from anywhere, with a form body 'List-Unsubscribe=One-Click' and the token in the
// query; the unsubscribe page calls it with JSON `{ token }`. The signed token is the proof.

/** The route options of such an address: called cross-site, with any of the bodies above. */
export const ONE_CLICK_ROUTE: { crossSite: boolean; bodyTypes: string[] } = {
  crossSite: true,
  bodyTypes: ['application/x-www-form-urlencoded', 'application/json', 'multipart/form-data'],
};

/** The token a one-click call carries, in its query or its JSON body; '' when it has none. */
export async function oneClickToken(request: NextRequest): Promise<string> {
  const inQuery = request.nextUrl.searchParams.get('token');
  if (inQuery) return inQuery;
  if (!request.headers.get('content-type')?.startsWith('application/json')) return '';
  try {
    const body = JSON.parse((await readBodyText(request)) || '{}') as { token?: unknown } | null;
    return typeof body?.token === 'string' ? body.token : '';
  } catch {
    return '';
  }
}
