// The review states of a submission. Pure values, safe in the browser: the table uses
// them for its enum, the review board for its columns.
export const SUBMISSION_STATUSES = ['inReview', 'approved', 'denied', 'completed'] as const;

export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

/** Said where a member opens the Submissions tab before the creator has opened submissions. */
export const NOT_ENABLED = 'Submissions are currently not enabled.';
