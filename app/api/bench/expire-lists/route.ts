import { AppError } from '@/lib/http/errors';
import { handleRoute } from '@/lib/api/route';
import { CACHE_TAGS, invalidate, invalidateEveryPage } from '@/lib/cache';

export const dynamic = 'force-dynamic';

// POST /api/bench/expire-lists: ends every cached list at once, as a change that cannot wait
// does (an account deleted), so that `npm run bench` can time Explore rendered fresh, the
// page its first visitor after such a change waits for. With `?pages=all` it ends every
// cached page instead, so that the benchmark can time the cheapest page rendered fresh: the
// floor of a miss. Like the floor, it exists only when the benchmark starts the server with
// BENCH_FLOOR=1; anywhere else it is a 404.
export const POST = handleRoute(async (request) => {
  if (process.env.BENCH_FLOOR !== '1') throw new AppError('not_found', 'Not found');
  if (request.nextUrl.searchParams.get('pages') === 'all') invalidateEveryPage();
  else invalidate(CACHE_TAGS.lists);
  return Response.json({ ok: true });
});
