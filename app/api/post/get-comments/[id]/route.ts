import { hasAccess } from '@/lib/envolvements/access';
import { getEnvolvementOrThrow, listPosts, NOT_FOUND_MESSAGE } from '@/lib/envolvements/service';
import { AppError } from '@/lib/http/errors';
import { authedRoute, parseId } from '@/lib/http/route';

// GET /api/post/get-comments/{id}: updates and comments, for the creator and buyers
export const GET = authedRoute(async ({ params, viewer }) => {
  const id = parseId(params.id, NOT_FOUND_MESSAGE);
  const row = await getEnvolvementOrThrow(id);
  if (!(await hasAccess(row, viewer.id))) {
    throw new AppError('forbidden', 'Please purchase access to view the full content');
  }
  return listPosts(id);
});
