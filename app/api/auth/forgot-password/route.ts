import { publicRoute } from '@/lib/api/route';
import { requestPasswordReset } from '@/lib/users/recovery';
import { forgotPasswordSchema } from '@/lib/validation/account';

// POST /api/auth/forgot-password: e-mail a link that sets a new password
// The same answer whether or not the address has an account.
export const POST = publicRoute(
  async ({ body }) => {
    await requestPasswordReset(body.email);
    return Response.json({ status: 'check_inbox' }, { status: 202 });
  },
  { body: forgotPasswordSchema, rateLimit: { name: 'passwordResetIp', per: 'ip' } },
);
