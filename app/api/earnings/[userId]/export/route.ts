import { assertOwnEarnings } from '@/lib/earnings/access';
import { exportEarningsCsv } from '@/lib/earnings/service';
import { authedRoute } from '@/lib/api/route';
import { earningsQuerySchema } from '@/lib/validation/earnings';

// GET /api/earnings/{userId}/export?days=30|90|365: the window's sales and refunds as CSV.
export const GET = authedRoute(
  async ({ params, query, viewer }) => {
    assertOwnEarnings(viewer, params.userId);
    const csv = await exportEarningsCsv(viewer.id, query.days);
    return new Response(csv, {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="envolve-sales-${query.days}-days.csv"`,
        'cache-control': 'private, no-store',
      },
    });
  },
  { query: earningsQuerySchema, rateLimit: { name: 'earnings', per: 'user' } },
);
