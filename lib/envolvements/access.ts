import 'server-only';
import { hasPurchased } from './queries';

/** The creator and buyers see an envolvement's activity and submissions. */
export async function hasAccess(envolvement: { id: string; creatorId: string }, viewerId: string | null): Promise<boolean> {
  if (!viewerId) return false;
  if (viewerId === envolvement.creatorId) return true;
  return hasPurchased(envolvement.id, viewerId);
}
