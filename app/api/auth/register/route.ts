import { publicRoute } from '@/lib/api/route';
import { signUp } from '@/lib/users/sign-up';
import { registerSchema } from '@/lib/validation/auth';

// POST /api/auth/register: create an e-mail and password account, to be confirmed by e-mail
// The answer is the same for a new address and for one that has an account (its owner is
// e-mailed instead): the form tells no one who has an account here.
export const POST = publicRoute(
  async ({ body }) => {
    await signUp(body);
    return Response.json({ status: 'check_inbox', email: body.email.toLowerCase() }, { status: 202 });
  },
  { body: registerSchema, rateLimit: { name: 'signUpIp', per: 'ip' } },
);
