import { NOT_FOUND_MESSAGE } from '@/lib/envolvements/service';
import { authedRoute, parseId } from '@/lib/api/route';
import { openSubmissions } from '@/lib/submissions/service';
import { openSubmissionsSchema } from '@/lib/validation/submissions';

// POST /api/user_submissions/open-submissions/{id}: the creator opens submissions with the allowed types
export const POST = authedRoute(
  async ({ params, body, viewer }) => openSubmissions(viewer, parseId(params.id, NOT_FOUND_MESSAGE), body),
  { body: openSubmissionsSchema },
);
