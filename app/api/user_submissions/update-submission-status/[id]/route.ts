import { z } from 'zod';
import { NOT_FOUND_MESSAGE } from '@/lib/envolvements/service';
import { authedRoute, parseId, readJson } from '@/lib/http/route';
import { updateSubmissionStatuses } from '@/lib/submissions/service';

// POST /api/user_submissions/update-submission-status/{id}: the creator sets each submitter's status
export const POST = authedRoute(async ({ request, params, viewer }) =>
  updateSubmissionStatuses(viewer, parseId(params.id, NOT_FOUND_MESSAGE), await readJson(request, z.unknown())),
);
