import { AppError } from '@/lib/http/errors';
import { handleRoute } from '@/lib/api/route';
import { CACHE_TAGS, envolvementTag, invalidate, invalidateEveryPage, userTags } from '@/lib/cache';

export const dynamic = 'force-dynamic';

// POST /api/bench/expire-lists: ends every cached list at once, as a change that cannot wait
// does (an account deleted), so that `npm run bench` can time Explore rendered fresh, the
// page its first visitor after such a change waits for. With `?pages=all` it ends every
// cached page instead, so that the benchmark can time the cheapest page rendered fresh: the
// floor of a miss. With `?envolvement=<id>` and `?user=<id>` it ends what is cached of that
// envolvement (its visitors' page and their read of it) and of that user (their profile and
// the reads it and the "more from" cards are made of), so that the benchmark can time a page
// whose every cached read is cold, as after an edit. Like the floor, it exists only when the
// benchmark starts the server with BENCH_FLOOR=1; anywhere else it is a 404.
export const POST = handleRoute(async (request) => {
  if (process.env.BENCH_FLOOR !== '1') throw new AppError('not_found', 'Not found');
  const params = request.nextUrl.searchParams;
  const envolvement = params.get('envolvement');
  const user = params.get('user');
  if (params.get('pages') === 'all') invalidateEveryPage();
  else if (envolvement || user)
    invalidate(...(envolvement ? [envolvementTag(envolvement)] : []), ...(user ? userTags(user) : []));
  else invalidate(CACHE_TAGS.lists);
  return Response.json({ ok: true });
});
