import { publicRoute } from '@/lib/api/route';
import { NEWSLETTER_SIGN_UP_ANSWER } from '@/lib/domain/newsletter';
import { subscribeToNewsletter } from '@/lib/newsletter/service';
import { newsletterSchema } from '@/lib/validation/marketing';

// POST /api/newsletter: ask for the newsletter; the address is mailed a link to confirm, and
// the answer is the same whether or not it was known
export const POST = publicRoute(
  async ({ body }) => {
    await subscribeToNewsletter(body.email);
    return Response.json({ ok: true, message: NEWSLETTER_SIGN_UP_ANSWER }, { status: 202 });
  },
  { body: newsletterSchema, rateLimit: { name: 'newsletterIp', per: 'ip' } },
);
