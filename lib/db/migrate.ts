import 'server-only';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { DatabaseHandle } from './client';

export const MIGRATIONS_FOLDER = path.join(/*turbopackIgnore: true*/ process.cwd(), 'drizzle');

// Any fixed number, the same in every instance. It sits above 2^31 so that it never meets
// the 32-bit keys that hashtext() gives other users of advisory locks.
export const MIGRATION_LOCK_KEY = '7416320590218835';

export async function migrateDatabase(handle: DatabaseHandle, migrationsFolder = MIGRATIONS_FOLDER): Promise<void> {
  // PGlite lives in this one process: nothing else can migrate it at the same time.
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as never, { migrationsFolder });
    return;
  }
  if (!handle.pool) throw new Error('A PostgreSQL database handle needs its pool to migrate');
  await migrateUnderLock(handle.pool, migrationsFolder);
}

/**
 * Instances that start together would each read "nothing applied yet" and run the same
 * migration twice (or race on CREATE SCHEMA). One session-level advisory lock lets the
 * first apply them while the others wait, then find nothing left to do. The lock, the
 * migrator's reads and its transaction all use one connection, since a session lock belongs
 * to its connection. It is a connection of its own, outside the pool: waiting for another
 * instance's migrations, or building an index on a big table, may take longer than the
 * pool lets a request's statement take.
 */
async function migrateUnderLock(pool: pg.Pool, migrationsFolder: string): Promise<void> {
  const client = new pg.Client({ connectionString: pool.options.connectionString, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1::bigint)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzle(client), { migrationsFolder });
  } finally {
    // Ending the session frees the lock, whether or not the migrations went through.
    await client.end();
  }
}
