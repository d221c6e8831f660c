import { sql } from 'drizzle-orm';
import { db } from '@/lib/db/client';
import { AppError } from '@/lib/http/errors';
import { handleRoute } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// GET /api/bench/floor: the cheapest dynamic answer the app can give (one trivial round
// trip to the database), against which `npm run bench` measures every other route. It
// exists only when the benchmark starts the server with BENCH_FLOOR=1; anywhere else it
// is a 404 before it touches anything.
export const GET = handleRoute(async () => {
  if (process.env.BENCH_FLOOR !== '1') throw new AppError('not_found', 'Not found');
  await db().execute(sql`select 1`);
  return Response.json({ ok: true });
});
