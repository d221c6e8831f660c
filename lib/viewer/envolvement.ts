import 'server-only';
import type { Viewer } from '@/lib/auth/types';
import { memberPage } from '@/lib/creator/members';
import { getRemovalImpact } from '@/lib/creator/removal';
import { isDeletedUserId } from '@/lib/domain/deleted-member';
import { getEnvolvementView, type EnvolvementView } from '@/lib/envolvements/queries';
import { isFollowing } from '@/lib/follows/service';
import { offerViewerOf } from '@/lib/envolvements/offer-viewer';
import { isPublished, offerAction, visibilityFor } from '@/lib/envolvements/rules';
import { mayWaitForSpot } from '@/lib/spot-waits/rules';
import { isWaiting } from '@/lib/spot-waits/service';
import { submissionsPartFor } from './submissions';
import type { EnvolvementPart, EnvolvementTabsPart, PrivateEnvolvementPart } from './types';

// An envolvement's page is one page, the same for everyone and served from the cache; what
// depends on the viewer (the join bar's action, waiting for a spot, the creator's tools, the
// member tabs) is read here, fresh, and drawn by the browser in the places the page keeps.

async function tabsFor(view: EnvolvementView, viewer: Viewer, isCreator: boolean): Promise<EnvolvementTabsPart> {
  const { envolvement } = view;
  const { submissionsAllowed, submissionsActive } = envolvement.submissions;
  const [submissions, members] = await Promise.all([
    submissionsAllowed || submissionsActive ? submissionsPartFor(envolvement, viewer, true) : null,
    isCreator ? memberPage(envolvement._id) : null,
  ]);
  return {
    posts: envolvement.activityPost,
    comments: envolvement.comments ? { creatorId: envolvement.userID, readOnly: envolvement.removed } : null,
    submissions,
    members,
    mayPost: isCreator && !envolvement.removed,
  };
}

async function partOf(view: EnvolvementView, viewer: Viewer | null): Promise<EnvolvementPart> {
  const { envolvement } = view;
  const viewerId = viewer?.id ?? null;
  const isCreator = viewerId === envolvement.userID;
  const mayWait = viewerId !== null && mayWaitForSpot(envolvement, viewerId);
  const mayFollow = !isCreator && !isDeletedUserId(envolvement.userID);
  const [waiting, following, creatorTools, tabs] = await Promise.all([
    mayWait ? isWaiting(envolvement._id, viewerId) : false,
    mayFollow && viewerId !== null ? isFollowing(viewerId, envolvement.userID) : false,
    isCreator && !envolvement.removed ? getRemovalImpact(envolvement._id) : null,
    viewer && view.mayReadActivity ? tabsFor(view, viewer, isCreator) : null,
  ]);
  return {
    kind: 'envolvement',
    id: envolvement._id,
    signedIn: viewer !== null,
    action: offerAction(envolvement, offerViewerOf(viewerId)),
    wait: mayWait ? { envolvementId: envolvement._id, waiting } : null,
    isCreator,
    follow: mayFollow ? { creatorId: envolvement.userID, following } : null,
    creatorTools,
    editable: creatorTools ? envolvement : null,
    membership: envolvement.membership,
    tabs,
  };
}

/**
 * The parts of `/envolvement/{id}` for this viewer. Its public page shows a published
 * envolvement; one that is not public (a draft, a removed one) is a 404 there, and its
 * creator and members open it at `/envolvement/{id}/private` (`where`), which this tells
 * them they may.
 */
export async function envolvementPartFor(
  id: string,
  viewer: Viewer | null,
  where: 'public' | 'private',
): Promise<EnvolvementPart | PrivateEnvolvementPart | null> {
  const viewerId = viewer?.id ?? null;
  const view = await getEnvolvementView(id, viewerId, 'all');
  if (!view) return null;
  const { envolvement } = view;
  const visible = visibilityFor(envolvement, viewerId) === 'visible';
  const isPublic = isPublished({ removed: envolvement.removed, active: envolvement.active });
  if (where === 'public' && !isPublic) return { kind: 'private-envolvement', id, mayOpen: visible };
  if (!visible) return null;
  return partOf(view, viewer);
}
