import { NOT_FOUND_MESSAGE } from '@/lib/envolvements/service';
import { authedRoute, parseId } from '@/lib/api/route';
import { userAccessToSubmission } from '@/lib/submissions/service';

// GET /api/user_submissions/user-access-to-submission/{id}: whether the caller joined, and their own submission
export const GET = authedRoute(async ({ params, viewer }) =>
  userAccessToSubmission(viewer, parseId(params.id, NOT_FOUND_MESSAGE)),
);
