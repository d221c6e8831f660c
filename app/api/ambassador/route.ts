import { publicRoute } from '@/lib/api/route';
import { saveAmbassadorApplication } from '@/lib/marketing/service';
import { ambassadorSchema } from '@/lib/validation/marketing';

// POST /api/ambassador: apply to the ambassador program
export const POST = publicRoute(
  async ({ body }) => {
    await saveAmbassadorApplication(body);
    return Response.json({ ok: true }, { status: 201 });
  },
  { body: ambassadorSchema, rateLimit: { name: 'ambassadorIp', per: 'ip' } },
);
