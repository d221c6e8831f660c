import { oidcProviderName } from '@/lib/auth/options';
import { authedRoute } from '@/lib/api/route';
import { changePassword } from '@/lib/users/service';
import { changePasswordSchema } from '@/lib/validation/auth';

// POST /api/auth/password: change the signed-in user's password and end their other sessions
// Counted before anything is checked: a stolen session must not guess the current password.
export const POST = authedRoute(
  async ({ body, viewer }) => {
    await changePassword(viewer.id, body, oidcProviderName());
    return { ok: true };
  },
  { body: changePasswordSchema, rateLimit: { name: 'passwordChange', per: 'user' } },
);
