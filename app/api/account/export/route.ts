import { authedRoute } from '@/lib/api/route';
import { getLatestExport, requestDataExport } from '@/lib/account/exports';

// GET /api/account/export: the signed-in account's latest data export ({ export }, null for none)
export const GET = authedRoute(async ({ viewer }) => ({ export: await getLatestExport(viewer.id) }));

// POST /api/account/export: ask for a copy of the account's data, built in the background (202)
export const POST = authedRoute(
  async ({ viewer }) => Response.json({ export: await requestDataExport(viewer.id) }, { status: 202 }),
  { rateLimit: { name: 'dataExport', per: 'user' } },
);
