import { pingCache } from '@/lib/cache/ping';
import { pingDatabase, RETRY_AFTER_SECONDS } from '@/lib/db/availability';
import { isStopping } from '@/lib/server/stopping';

export const dynamic = 'force-dynamic';

const notReadyHeaders = { 'Cache-Control': 'no-store', 'Retry-After': String(RETRY_AFTER_SECONDS) };

// GET /api/ready: for load balancers deciding whether to send this instance requests. It is
// ready when its database answers; the shared cache is reported, but without it pages are
// rendered instead of read from it, so it does not take every instance out of rotation. A
// server told to stop is not ready from that moment, while it still answers everything else
// for the drain period (lib/server/shutdown.ts), so that the balancer stops sending first.
export async function GET() {
  if (isStopping())
    return Response.json({ ok: false, checks: { server: 'stopping' } }, { status: 503, headers: notReadyHeaders });
  const [database, cache] = await Promise.all([pingDatabase().then((up) => (up ? 'ok' : 'unavailable')), pingCache()]);
  const ok = database === 'ok';
  return Response.json(
    { ok, checks: { database, cache } },
    { status: ok ? 200 : 503, headers: ok ? { 'Cache-Control': 'no-store' } : notReadyHeaders },
  );
}
