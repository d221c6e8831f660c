import { clientIp } from '@/lib/http/client-ip';
import { publicRoute, readJson } from '@/lib/http/route';
import { joinWaitlist } from '@/lib/marketing/service';
import { consumeRateLimit } from '@/lib/rate-limit';
import { waitlistSchema } from '@/lib/validation/marketing';

// POST /api/waitlist: join the waitlist (a repeated e-mail is stored once)
export const POST = publicRoute(async ({ request }) => {
  await consumeRateLimit('waitlistIp', clientIp(request.headers));
  const { email } = await readJson(request, waitlistSchema);
  await joinWaitlist(email);
  return Response.json({ ok: true }, { status: 201 });
});
