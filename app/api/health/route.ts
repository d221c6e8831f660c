import { sql } from 'drizzle-orm';
import { db } from '@/lib/db/client';
import { logError } from '@/lib/log';

export const dynamic = 'force-dynamic';

// GET /api/health: for load balancers; 200 when the database answers
export async function GET() {
  try {
    await db().execute(sql`select 1`);
    return Response.json({ ok: true });
  } catch (error) {
    logError('health', error);
    return Response.json({ ok: false, error: 'Database unavailable' }, { status: 503 });
  }
}
