import { NOT_FOUND_MESSAGE } from '@/lib/envolvements/service';
import { authedRoute, parseId } from '@/lib/api/route';
import { pullSubmissions } from '@/lib/submissions/service';

// GET /api/user_submissions/pull-submissions/{id}: every submission, for the creator
export const GET = authedRoute(async ({ params, viewer }) =>
  pullSubmissions(viewer, parseId(params.id, NOT_FOUND_MESSAGE)),
);
