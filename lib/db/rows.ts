import 'server-only';
import type { SQL } from 'drizzle-orm';
import { db, type Database } from './client';

/** Whatever runs raw SQL: the database, or a transaction the caller is in. */
type Executor = Pick<Database, 'execute'>;

function hasRows(result: unknown): result is { rows: unknown[] } {
  return typeof result === 'object' && result !== null && Array.isArray((result as { rows?: unknown }).rows);
}

/**
 * The rows of a raw query, typed as the caller's SELECT names them. Both drivers (PGlite and
 * node-postgres) answer `{ rows }`; drizzle types that answer per driver, so it is checked
 * here once instead of cast at every call. The row type is the caller's word: nothing checks
 * the columns against it.
 */
export async function rows<T>(query: SQL, executor: Executor = db()): Promise<T[]> {
  const result: unknown = await executor.execute(query);
  if (!hasRows(result)) throw new Error('The database driver answered a raw query without rows.');
  return result.rows as T[];
}
