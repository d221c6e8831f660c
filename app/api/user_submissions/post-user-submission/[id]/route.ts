import { NOT_FOUND_MESSAGE } from '@/lib/envolvements/service';
import { authedRoute, parseId } from '@/lib/api/route';
import { postUserSubmission } from '@/lib/submissions/service';
import { userSubmissionSchema } from '@/lib/validation/submissions';

// POST /api/user_submissions/post-user-submission/{id}: a joined user sends their submission
export const POST = authedRoute(
  async ({ params, body, viewer }) => postUserSubmission(viewer, parseId(params.id, NOT_FOUND_MESSAGE), body),
  { body: userSubmissionSchema },
);
