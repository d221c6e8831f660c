import { publicRoute } from '@/lib/api/route';
import { resetPassword } from '@/lib/users/recovery';
import { resetPasswordSchema } from '@/lib/validation/auth';

// POST /api/auth/reset-password: set a new password with a reset link's token
// Ends every session of the account; the page then signs in on this device with the
// address it answers.
export const POST = publicRoute(async ({ body }) => resetPassword(body), {
  body: resetPasswordSchema,
  rateLimit: { name: 'passwordResetIp', per: 'ip' },
});
