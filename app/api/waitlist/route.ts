import { publicRoute } from '@/lib/api/route';
import { joinWaitlist } from '@/lib/marketing/service';
import { waitlistSchema } from '@/lib/validation/marketing';

// POST /api/waitlist: join the waitlist (a repeated e-mail is stored once)
export const POST = publicRoute(
  async ({ body }) => {
    await joinWaitlist(body.email);
    return Response.json({ ok: true }, { status: 201 });
  },
  { body: waitlistSchema, rateLimit: { name: 'waitlistIp', per: 'ip' } },
);
