import { sql } from 'drizzle-orm';
import { db } from '@/lib/db/client';

/**
 * Runs `work` while a trigger does `body` (PL/pgSQL, ending in a RETURN) before each
 * update of `table`'s rows: what another request would have done in the instant between
 * a claim's checks and its own statements. The race, made certain on either engine.
 */
export async function whileUpdating<T>(table: string, body: string, work: () => Promise<T>): Promise<T> {
  await db().execute(
    sql.raw(`create function test_interleave() returns trigger language plpgsql as $$ begin ${body} end $$`),
  );
  await db().execute(
    sql.raw(`create trigger test_interleave before update on ${table} for each row execute function test_interleave()`),
  );
  try {
    return await work();
  } finally {
    await db().execute(sql.raw(`drop trigger test_interleave on ${table}`));
    await db().execute(sql.raw('drop function test_interleave()'));
  }
}
