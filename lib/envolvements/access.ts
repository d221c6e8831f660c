import 'server-only';
import { hasLiveMembership } from './queries';

/** The creator and members in good standing see an envolvement's activity and submissions. */
export async function hasAccess(
  envolvement: { id: string; creatorId: string },
  viewerId: string | null,
): Promise<boolean> {
  if (!viewerId) return false;
  if (viewerId === envolvement.creatorId) return true;
  return hasLiveMembership(envolvement.id, viewerId);
}
