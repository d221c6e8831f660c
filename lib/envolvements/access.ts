import 'server-only';
import { AppError } from '@/lib/http/errors';
import { loadMemberships } from './membership';
import { listPosts } from './queries';
import { mayReadActivity } from './rules';
import { getEnvolvementOrThrow } from '@/lib/envolvements/service';
import type { ActivityPostDto } from './types';

/** Whether the viewer reads the envolvement's activity and submissions (see mayReadActivity). */
export async function hasAccess(
  envolvement: { id: string; creatorId: string },
  viewerId: string | null,
): Promise<boolean> {
  if (!viewerId || viewerId === envolvement.creatorId) return mayReadActivity(envolvement.creatorId, viewerId, null);
  const memberships = await loadMemberships([envolvement.id], viewerId);
  return mayReadActivity(envolvement.creatorId, viewerId, memberships.get(envolvement.id) ?? null);
}

export const ACTIVITY_LOCKED = 'Please purchase access to view the full content';

/** Every update and comment, for those who may read them; 403 for anyone else. */
export async function readActivity(envolvementId: string, viewerId: string): Promise<ActivityPostDto[]> {
  const row = await getEnvolvementOrThrow(envolvementId);
  if (!(await hasAccess(row, viewerId))) throw new AppError('forbidden', ACTIVITY_LOCKED);
  return listPosts(envolvementId);
}
