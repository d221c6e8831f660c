import { publicRoute, readJson } from '@/lib/http/route';
import { saveAmbassadorApplication } from '@/lib/marketing/service';
import { ambassadorSchema } from '@/lib/validation/marketing';

// POST /api/ambassador: apply to the ambassador program
export const POST = publicRoute(async ({ request }) => {
  await saveAmbassadorApplication(await readJson(request, ambassadorSchema));
  return Response.json({ ok: true }, { status: 201 });
});
