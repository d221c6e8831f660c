import 'server-only';
import { getToken, type JWT } from 'next-auth/jwt';
import { headers } from 'next/headers';
import { cache } from 'react';
import { NextRequest } from 'next/server';
import { getAccountUser } from '@/lib/users/service';
import { sessionVersionOf } from './options';
import { getAuthSecret } from './secret';
import type { Viewer } from './types';

export type { Viewer } from './types';

// The token names the user; the database says who they are now. A token for an
// account that no longer exists is no session, and neither is one issued before the
// account's last sign-out or password change (its session version is behind).
async function viewerFromToken(token: JWT | null): Promise<Viewer | null> {
  if (!token?.sub) return null;
  const user = await getAccountUser(token.sub);
  if (!user || user.sessionVersion !== sessionVersionOf(token)) return null;
  return {
    id: user.id,
    name: user.name,
    nickname: user.nickname,
    picture: user.picture,
    email: user.email,
    emailVerified: user.emailVerified,
    handleChosen: user.handleChosen,
  };
}

/** The signed-in user of an API request, from the session cookie only. */
export async function getViewerFromRequest(request: NextRequest): Promise<Viewer | null> {
  const token = await getToken({ req: request, secret: getAuthSecret() });
  return viewerFromToken(token);
}

/** The page's request rebuilt for getToken, which reads only its headers: the address is a placeholder. */
const PAGE_REQUEST_URL = 'http://localhost/';

/**
 * The signed-in user of the page being rendered, decoded and looked up once per request
 * however many parts of the page ask (the top bar, the page, its streamed sections).
 */
export const getViewer = cache(async function getViewer(): Promise<Viewer | null> {
  // The same cookie read as for an API request (next-auth's getServerSession would hand
  // back only the session's user, without the version to check).
  // getToken reads the cookie from the request's Cookie header; a page cannot set cookies,
  // so the header holds every cookie the page sees.
  const token = await getToken({
    req: new NextRequest(PAGE_REQUEST_URL, { headers: await headers() }),
    secret: getAuthSecret(),
  });
  return viewerFromToken(token);
});
