import { clientIp } from '@/lib/http/client-ip';
import { publicRoute, readJson } from '@/lib/http/route';
import { saveAmbassadorApplication } from '@/lib/marketing/service';
import { consumeRateLimit } from '@/lib/rate-limit';
import { ambassadorSchema } from '@/lib/validation/marketing';

// POST /api/ambassador: apply to the ambassador program
export const POST = publicRoute(async ({ request }) => {
  await consumeRateLimit('ambassadorIp', clientIp(request.headers));
  await saveAmbassadorApplication(await readJson(request, ambassadorSchema));
  return Response.json({ ok: true }, { status: 201 });
});
