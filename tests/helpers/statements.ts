import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { getDatabaseHandle, setDatabaseHandle, type Database, type DatabaseHandle } from '@/lib/db/client';
import * as schema from '@/models';

// The SQL the app sends, as its driver receives it: the test's database handle is swapped,
// for the time of `work`, for one whose drizzle logs every statement (transactions included)
// over the same connection or pool.

export type Recorded = { sql: string; params: unknown[] };

/** Runs `work` with every statement drizzle sends recorded, in order. */
export async function recordStatements(work: () => Promise<unknown>): Promise<Recorded[]> {
  const current = getDatabaseHandle();
  const statements: Recorded[] = [];
  const logger = { logQuery: (query: string, params: unknown[]) => statements.push({ sql: query, params }) };
  const client = (current.db as unknown as { $client: unknown }).$client;
  const recorder = (current.kind === 'postgres'
    ? drizzlePg(client as pg.Pool, { schema, logger })
    : drizzlePglite(client as PGlite, { schema, logger })) as unknown as Database;
  setDatabaseHandle({ ...current, db: recorder } as DatabaseHandle);
  try {
    await work();
  } finally {
    setDatabaseHandle(current);
  }
  return statements;
}
