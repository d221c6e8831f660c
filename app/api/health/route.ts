export const dynamic = 'force-dynamic';

// GET /api/health: liveness, for a supervisor deciding whether to restart the process. It
// asks nothing of the database: an outage there is not cured by a restart (see /api/ready).
export function GET() {
  return Response.json({ ok: true }, { headers: { 'Cache-Control': 'no-store' } });
}
