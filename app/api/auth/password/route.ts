import { oidcProviderName } from '@/lib/auth/options';
import { authedRoute, readJson } from '@/lib/http/route';
import { consumeRateLimit } from '@/lib/rate-limit';
import { changePassword } from '@/lib/users/service';
import { changePasswordSchema } from '@/lib/validation/auth';

// POST /api/auth/password: change the signed-in user's password and end their other sessions
export const POST = authedRoute(async ({ request, viewer }) => {
  // Counted before anything is checked: a stolen session must not guess the current password.
  await consumeRateLimit('passwordChange', viewer.id);
  const input = await readJson(request, changePasswordSchema);
  await changePassword(viewer.id, input, oidcProviderName());
  return { ok: true };
});
