import { z } from 'zod';
import { NOT_FOUND_MESSAGE } from '@/lib/envolvements/service';
import { authedRoute, parseId, readJson } from '@/lib/http/route';
import { postUserSubmission } from '@/lib/submissions/service';

// POST /api/user_submissions/post-user-submission/{id}: a joined user sends their submission
export const POST = authedRoute(async ({ request, params, viewer }) =>
  postUserSubmission(viewer, parseId(params.id, NOT_FOUND_MESSAGE), await readJson(request, z.unknown())),
);
