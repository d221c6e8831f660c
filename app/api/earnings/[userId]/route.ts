import { assertOwnEarnings } from '@/lib/earnings/access';
import { getEarnings } from '@/lib/earnings/service';
import { authedRoute } from '@/lib/api/route';
import { earningsQuerySchema } from '@/lib/validation/earnings';

// GET /api/earnings/{userId}?days=30|90|365: the creator's sales, fees, refunds and net,
// by day and by envolvement, from the payments ledger. Only the creator may read them.
export const GET = authedRoute(
  async ({ params, query, viewer }) => {
    assertOwnEarnings(viewer, params.userId);
    return getEarnings(viewer.id, query.days);
  },
  { query: earningsQuerySchema, rateLimit: { name: 'earnings', per: 'user' } },
);
