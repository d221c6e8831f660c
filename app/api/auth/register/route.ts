import { clientIp } from '@/lib/http/client-ip';
import { publicRoute, readJson } from '@/lib/http/route';
import { consumeRateLimit } from '@/lib/rate-limit';
import { createLocalUser } from '@/lib/users/service';
import { registerSchema } from '@/lib/validation/auth';

// POST /api/auth/register: create an e-mail and password account
export const POST = publicRoute(async ({ request }) => {
  await consumeRateLimit('signUpIp', clientIp(request.headers));
  const input = await readJson(request, registerSchema);
  const user = await createLocalUser(input);
  return Response.json({ id: user.id, name: user.name, nickname: user.nickname, email: user.email }, { status: 201 });
});
