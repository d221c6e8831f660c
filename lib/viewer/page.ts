import 'server-only';
import type { Viewer } from '@/lib/auth/types';
import { findUserByIdOrSlug } from '@/lib/users/profile';
import { isUuid } from '@/lib/validation/ids';
import { decodeSegment } from '@/lib/validation/users';
import { envolvementPartFor } from './envolvement';
import { profilePartFor } from './profile';
import type { PagePart } from './types';

const ENVOLVEMENT = /^\/envolvement\/([^/?#]+)(\/private)?\/?$/;
const PROFILE = /^(?:\/profile\/|\/(?=@|%40))([^/?#]+)\/?$/;

/**
 * The parts of the page at `path` that depend on `viewer` (see ./types.ts), or null for a
 * page that has none, or names nothing.
 */
export async function pagePartFor(path: string, viewer: Viewer | null): Promise<PagePart | null> {
  const [, id, isPrivate] = ENVOLVEMENT.exec(path) ?? [];
  if (id) return isUuid(id) ? envolvementPartFor(id, viewer, isPrivate ? 'private' : 'public') : null;
  const [, slug] = PROFILE.exec(path) ?? [];
  if (slug && slug !== 'search') {
    const user = await findUserByIdOrSlug(decodeSegment(slug));
    return user ? profilePartFor(user.id, viewer) : null;
  }
  return null;
}
