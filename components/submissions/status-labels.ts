import type { SubmissionStatus } from '@/lib/domain/submission-status';

// The spec's column names; the submitter sees the same words for their own status.
export const STATUS_LABELS: Record<SubmissionStatus, string> = {
  inReview: 'In-Review',
  approved: 'Approved',
  denied: 'Denied',
  completed: 'Completed',
};
