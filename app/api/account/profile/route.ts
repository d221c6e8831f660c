import { authedRoute } from '@/lib/api/route';
import { AppError } from '@/lib/http/errors';
import { getProfileSettings, updateProfile } from '@/lib/users/profile-settings';
import { profileSettingsSchema } from '@/lib/validation/profile';

// GET /api/account/profile: the signed-in user's own profile settings
export const GET = authedRoute(async ({ viewer }) => {
  const settings = await getProfileSettings(viewer.id);
  if (!settings) throw new AppError('unauthorized', 'You must be signed in to do this.');
  return settings;
});

// PATCH /api/account/profile: change the signed-in user's name, handle, bio or links; those
// left out keep their value. Whose profile comes from the session alone: an id in the body
// is not read.
export const PATCH = authedRoute(async ({ body, viewer }) => updateProfile(viewer.id, body), {
  body: profileSettingsSchema,
  rateLimit: { name: 'profileEdit', per: 'user' },
});
