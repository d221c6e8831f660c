import { publicRoute } from '@/lib/api/route';
import { createLocalUser } from '@/lib/users/service';
import { registerSchema } from '@/lib/validation/auth';

// POST /api/auth/register: create an e-mail and password account
export const POST = publicRoute(
  async ({ body }) => {
    const user = await createLocalUser(body);
    return Response.json({ id: user.id, name: user.name, nickname: user.nickname, email: user.email }, { status: 201 });
  },
  { body: registerSchema, rateLimit: { name: 'signUpIp', per: 'ip' } },
);
