import { publicRoute } from '@/lib/api/route';
import { confirmNewsletter } from '@/lib/newsletter/service';
import { newsletterTokenSchema } from '@/lib/validation/marketing';

// POST /api/newsletter/confirm: confirm a sign-up with the token its e-mail carried
export const POST = publicRoute(
  async ({ body }) => {
    await confirmNewsletter(body.token);
    return Response.json({ subscribed: true });
  },
  { body: newsletterTokenSchema, rateLimit: { name: 'newsletterConfirmIp', per: 'ip' } },
);
