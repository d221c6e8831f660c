import { formatDay } from '@/lib/domain/dates';
import type { Viewer } from '@/lib/auth/types';
import { REMOVED_MESSAGE, isPastDeadline } from '@/lib/envolvements/rules';
import type { EnvolvementDto } from '@/lib/envolvements/types';
import { NOT_ENABLED, pullSubmissions, statusOfProgress, userAccessToSubmission } from '@/lib/submissions/service';
import { JoinPrompt } from './join-prompt';
import { CreatorSubmissions, SubmissionForm } from '@/components/envolvement/lazy-tools';

export type SubmissionsTabProps = {
  envolvement: EnvolvementDto;
  viewer: Viewer;
  hasAccess: boolean;
};

function acceptedKinds(content: EnvolvementDto['submissions']['submissionContent']): string[] {
  return [content.picture && 'pictures', content.description && 'descriptions', content.url && 'links'].filter(
    (k): k is string => Boolean(k),
  );
}

/** The detail page's Submissions tab, as each viewer should see it. */
export async function SubmissionsTab({ envolvement, viewer, hasAccess }: SubmissionsTabProps) {
  const isCreator = viewer.id === envolvement.userID;
  const active = envolvement.submissions.submissionsActive;
  if (isCreator) {
    const entries = active
      ? (await pullSubmissions(viewer, envolvement._id))[0].userSubmissions.map((s) => ({
          ...s,
          status: statusOfProgress(s.progress) ?? 'inReview',
        }))
      : [];
    return (
      <CreatorSubmissions
        envolvementId={envolvement._id}
        active={active}
        entries={entries}
        accepts={acceptedKinds(envolvement.submissions.submissionContent)}
        removed={envolvement.removed}
      />
    );
  }
  if (!active) return <p className="rounded-xl bg-slate-50 p-8 text-center text-slate-600">{NOT_ENABLED}</p>;
  if (!hasAccess) return <JoinPrompt envolvementId={envolvement._id} />;
  const mine = await userAccessToSubmission(viewer, envolvement._id);
  const deadline = envolvement.submissions.submissionDeadline
    ? new Date(envolvement.submissions.submissionDeadline)
    : null;
  return (
    <SubmissionForm
      envolvementId={envolvement._id}
      allowed={envolvement.submissions.submissionContent}
      instructions={envolvement.submissions.submissionDescription}
      initial={mine.UserSubmission}
      status={mine.status}
      deadlineLabel={deadline ? formatDay(deadline) : null}
      closed={envolvement.removed || isPastDeadline(deadline)}
      closedNote={envolvement.removed ? `${REMOVED_MESSAGE} Submissions are closed.` : null}
    />
  );
}
