import { NOT_FOUND_MESSAGE } from '@/lib/envolvements/service';
import { authedRoute, parseId } from '@/lib/api/route';
import { updateSubmissionStatuses } from '@/lib/submissions/service';
import { statusUpdateSchema } from '@/lib/validation/submissions';

// POST /api/user_submissions/update-submission-status/{id}: the creator sets each submitter's status
export const POST = authedRoute(
  async ({ params, body, viewer }) => updateSubmissionStatuses(viewer, parseId(params.id, NOT_FOUND_MESSAGE), body),
  { body: statusUpdateSchema },
);
