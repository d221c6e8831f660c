import { readActivity } from '@/lib/envolvements/access';
import { NOT_FOUND_MESSAGE } from '@/lib/envolvements/service';
import { authedRoute, parseId } from '@/lib/api/route';

// GET /api/post/get-comments/{id}: updates and comments, for the creator and buyers
export const GET = authedRoute(async ({ params, viewer }) =>
  readActivity(parseId(params.id, NOT_FOUND_MESSAGE), viewer.id),
);
