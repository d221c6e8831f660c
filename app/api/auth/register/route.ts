import { publicRoute } from '@/lib/api/route';
import { requestSignUp, signUpCookie } from '@/lib/users/sign-up';
import { registerSchema } from '@/lib/validation/auth';

// POST /api/auth/register: sign up with an e-mail and a password, to be confirmed by e-mail
// The answer is the same, in every byte but the new cookie's random value, for a new address
// and for one that has an account, whatever the handle: the mail job finds out which and
// mails the address's owner. The cookie lets this browser finish from the link in one click.
export const POST = publicRoute(
  async ({ body }) => {
    const proof = await requestSignUp(body);
    return Response.json(
      { status: 'check_inbox', email: body.email.toLowerCase() },
      { status: 202, headers: { 'Set-Cookie': signUpCookie(proof) } },
    );
  },
  { body: registerSchema, rateLimit: { name: 'signUpIp', per: 'ip' } },
);
