import { AppError } from '@/lib/http/errors';
import { publicRoute } from '@/lib/api/route';
import { findUserByIdOrSlug, toProfileInfo } from '@/lib/users/profile';
import { decodeSegment } from '@/lib/validation/users';

// GET /api/user_profile_info/{id}: a user's public profile; the e-mail only for its owner, from their session
export const GET = publicRoute(async ({ params, viewer }) => {
  const user = await findUserByIdOrSlug(decodeSegment(params.id));
  if (!user) throw new AppError('not_found', 'User not found');
  return toProfileInfo(user, viewer);
});
