import type { Viewer } from '@/lib/auth/types';
import type { EnvolvementDto } from '@/lib/envolvements/types';
import { NOT_ENABLED, pullSubmissions, userAccessToSubmission } from '@/lib/submissions/service';
import { JoinPrompt } from './join-prompt';
import { OpenSubmissions } from './open-submissions';
import { ReviewBoard, type ReviewEntry } from './review-board';
import { SubmissionForm } from './submission-form';

export type SubmissionsTabProps = {
  envolvement: EnvolvementDto;
  viewer: Viewer;
  hasAccess: boolean;
};

const statusOf = (progress: Record<string, boolean>) =>
  (Object.keys(progress).find((k) => progress[k]) ?? 'inReview') as ReviewEntry['status'];

/** The detail page's Submissions tab, as each viewer should see it. */
export async function SubmissionsTab({ envolvement, viewer, hasAccess }: SubmissionsTabProps) {
  const isCreator = viewer.id === envolvement.userID;
  const active = envolvement.submissions.submissionsActive;
  if (isCreator) {
    if (!active) return <OpenSubmissions envolvementId={envolvement._id} />;
    const [{ userSubmissions }] = await pullSubmissions(viewer, envolvement._id);
    const entries = userSubmissions.map((s) => ({ ...s, status: statusOf(s.progress) }));
    return <ReviewBoard envolvementId={envolvement._id} entries={entries} />;
  }
  if (!active) return <p className="rounded-xl bg-slate-50 p-8 text-center text-slate-600">{NOT_ENABLED}</p>;
  if (!hasAccess) return <JoinPrompt envolvementId={envolvement._id} />;
  const mine = await userAccessToSubmission(viewer, envolvement._id);
  return (
    <SubmissionForm
      envolvementId={envolvement._id}
      allowed={envolvement.submissions.submissionContent}
      instructions={envolvement.submissions.submissionDescription}
      initial={mine.UserSubmission}
      status={mine.status}
    />
  );
}
