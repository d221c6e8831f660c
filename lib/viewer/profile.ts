import 'server-only';
import type { Viewer } from '@/lib/auth/types';
import { followerCount, isFollowing } from '@/lib/follows/service';
import type { ProfilePart } from './types';

/**
 * A profile's parts for this viewer: its owner is shown the way to change it and how many
 * follow them; anyone else whether they follow it (a visitor: not, until they sign in).
 */
export async function profilePartFor(userId: string, viewer: Viewer | null): Promise<ProfilePart> {
  const isOwner = viewer?.id === userId;
  const [following, followers] = await Promise.all([
    viewer && !isOwner ? isFollowing(viewer.id, userId) : false,
    isOwner ? followerCount(userId) : null,
  ]);
  return { kind: 'profile', userId, isOwner, signedIn: viewer !== null, following, followers };
}
