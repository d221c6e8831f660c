import { listPurchasedEnvolvements } from '@/lib/envolvements/list';
import { pagedResponse } from '@/lib/http/link';
import { authedRoute } from '@/lib/api/route';
import { cursorQuerySchema } from '@/lib/validation/explore';

// GET /api/purchases: what the signed-in user joined or bought, by latest membership, 24 at a
// time; the Link header names the next page (?cursor=).
export const GET = authedRoute(
  async ({ request, query, viewer }) =>
    pagedResponse(request, await listPurchasedEnvolvements(viewer.id, query.cursor ?? null)),
  { query: cursorQuerySchema },
);
