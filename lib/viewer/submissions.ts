import 'server-only';
import type { Viewer } from '@/lib/auth/types';
import { formatDay } from '@/lib/domain/dates';
import { REMOVED_MESSAGE, isPastDeadline } from '@/lib/envolvements/rules';
import type { EnvolvementDto } from '@/lib/envolvements/types';
import { pullSubmissions, statusOfProgress, userAccessToSubmission } from '@/lib/submissions/service';
import type { SubmissionsPart } from './types';

function acceptedKinds(content: EnvolvementDto['submissions']['submissionContent']): string[] {
  return [content.picture && 'pictures', content.description && 'descriptions', content.url && 'links'].filter(
    (k): k is string => Boolean(k),
  );
}

/**
 * The Submissions tab of an envolvement that allows them, as `viewer` sees it: the review
 * board for its creator; for a member their own entry, or what stands in its way.
 */
export async function submissionsPartFor(
  envolvement: EnvolvementDto,
  viewer: Viewer,
  hasAccess: boolean,
): Promise<SubmissionsPart> {
  const active = envolvement.submissions.submissionsActive;
  if (viewer.id === envolvement.userID) {
    const entries = active
      ? (await pullSubmissions(viewer, envolvement._id))[0].userSubmissions.map(({ progress, ...entry }) => ({
          userID: entry.userID,
          username: entry.username,
          pfp: entry.pfp,
          picture: entry.picture,
          description: entry.description,
          url: entry.url,
          status: statusOfProgress(progress) ?? 'inReview',
        }))
      : [];
    return {
      kind: 'creator',
      active,
      entries,
      accepts: acceptedKinds(envolvement.submissions.submissionContent),
      removed: envolvement.removed,
    };
  }
  if (!active) return { kind: 'not_enabled' };
  if (!hasAccess) return { kind: 'join' };
  const mine = await userAccessToSubmission(viewer, envolvement._id);
  const deadline = envolvement.submissions.submissionDeadline
    ? new Date(envolvement.submissions.submissionDeadline)
    : null;
  return {
    kind: 'member',
    allowed: envolvement.submissions.submissionContent,
    instructions: envolvement.submissions.submissionDescription,
    initial: mine.UserSubmission,
    status: mine.status,
    deadlineLabel: deadline ? formatDay(deadline) : null,
    closed: envolvement.removed || isPastDeadline(deadline),
    closedNote: envolvement.removed ? `${REMOVED_MESSAGE} Submissions are closed.` : null,
  };
}
