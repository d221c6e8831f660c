import 'server-only';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
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
 * migrator's reads and its transaction all use one client, since a session lock belongs
 * to its connection.
 */
async function migrateUnderLock(pool: pg.Pool, migrationsFolder: string): Promise<void> {
  const client = await pool.connect();
  let failed = false;
  try {
    await client.query('SELECT pg_advisory_lock($1::bigint)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzle(client), { migrationsFolder });
    await client.query('SELECT pg_advisory_unlock($1::bigint)', [MIGRATION_LOCK_KEY]);
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    // A failed client is closed rather than pooled: ending its session frees the lock too.
    client.release(failed);
  }
}
