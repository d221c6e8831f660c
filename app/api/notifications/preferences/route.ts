import { authedRoute } from '@/lib/api/route';
import { getPreferences, setPreferences } from '@/lib/notifications/preferences';
import { emailPreferencesSchema } from '@/lib/validation/notifications';

// GET /api/notifications/preferences: which e-mails the signed-in user wants
export const GET = authedRoute(async ({ viewer }) => getPreferences(viewer.id));

// PUT /api/notifications/preferences: turn e-mail topics on or off; those left out keep their value
export const PUT = authedRoute(async ({ body, viewer }) => setPreferences(viewer.id, body), {
  body: emailPreferencesSchema,
});
