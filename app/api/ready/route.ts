import { pingCache } from '@/lib/cache/ping';
import { pingDatabase, RETRY_AFTER_SECONDS } from '@/lib/db/availability';

export const dynamic = 'force-dynamic';

// GET /api/ready: for load balancers deciding whether to send this instance requests. It is
// ready when its database answers; the shared cache is reported, but without it pages are
// rendered instead of read from it, so it does not take every instance out of rotation.
export async function GET() {
  const [database, cache] = await Promise.all([pingDatabase().then((up) => (up ? 'ok' : 'unavailable')), pingCache()]);
  const ok = database === 'ok';
  return Response.json(
    { ok, checks: { database, cache } },
    {
      status: ok ? 200 : 503,
      headers: { 'Cache-Control': 'no-store', ...(ok ? {} : { 'Retry-After': String(RETRY_AFTER_SECONDS) }) },
    },
  );
}
