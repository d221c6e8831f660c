// GET /api/ping: the empty app's floor, the cheapest dynamic answer Next can give.
export const dynamic = 'force-dynamic';

export function GET() {
  return Response.json({ ok: true });
}
