import { NOT_FOUND_MESSAGE } from '@/lib/envolvements/service';
import { authedRoute, parseId, readJson } from '@/lib/http/route';
import { openSubmissions } from '@/lib/submissions/service';
import { z } from 'zod';

// POST /api/user_submissions/open-submissions/{id}: the creator opens submissions with the allowed types
export const POST = authedRoute(async ({ request, params, viewer }) =>
  openSubmissions(viewer, parseId(params.id, NOT_FOUND_MESSAGE), await readJson(request, z.unknown())),
);
