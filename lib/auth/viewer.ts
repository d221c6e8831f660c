import 'server-only';
import { getServerSession } from 'next-auth';
import { getToken } from 'next-auth/jwt';
import type { NextRequest } from 'next/server';
import { getAccountUser } from '@/lib/users/service';
import { getAuthOptions } from './options';
import { getAuthSecret } from './secret';
import type { Viewer } from './types';

export type { Viewer } from './types';

// The token names the user; the database says who they are now. A token for an
// account that no longer exists is no session.
async function viewerFromSubject(sub: string | undefined | null): Promise<Viewer | null> {
  if (!sub) return null;
  const user = await getAccountUser(sub);
  if (!user) return null;
  return { id: user.id, name: user.name, nickname: user.nickname, picture: user.picture, email: user.email };
}

/** The signed-in user of an API request, from the session cookie only. */
export async function getViewerFromRequest(request: NextRequest): Promise<Viewer | null> {
  const token = await getToken({ req: request, secret: getAuthSecret() });
  return viewerFromSubject(token?.sub);
}

/** The signed-in user of the page being rendered. */
export async function getViewer(): Promise<Viewer | null> {
  const session = await getServerSession(getAuthOptions());
  return viewerFromSubject(session?.user?.sub);
}
