import { listEnvolvementsByCreator } from '@/lib/envolvements/list';
import { AppError } from '@/lib/http/errors';
import { publicRoute } from '@/lib/http/route';
import { findUserByIdOrSlug } from '@/lib/users/profile';
import { decodeSegment } from '@/lib/validation/users';

// GET /api/profile/{userId}: a user's envolvements, newest first (id whole or after '|')
export const GET = publicRoute(async ({ params, viewer }) => {
  const user = await findUserByIdOrSlug(decodeSegment(params.userId));
  if (!user) throw new AppError('not_found', 'User not found');
  return listEnvolvementsByCreator(user.id, viewer?.id ?? null);
});
