import { createHash, randomBytes } from 'node:crypto';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import { openDatabase, setDatabaseHandle, type DatabaseHandle } from '@/lib/db/client';
import { migrateDatabase } from '@/lib/db/migrate';
import { resetRateLimits } from '@/lib/rate-limit';
import * as schema from '@/models';

// Every table of the schema, so a new table is emptied between tests without a list to keep.
const TABLES = (Object.values(schema) as unknown[]).flatMap((value) =>
  is(value, PgTable) ? [getTableName(value)] : [],
);

// A test database is thrown away: its commits need not wait for the disk. Every test
// empties the tables, and waiting for each of those commits to be flushed left the CPU idle.
const noWaitForDisk = (name: string) => `ALTER DATABASE "${name}" SET synchronous_commit TO off`;

export type TestDatabase = DatabaseHandle & { drop: () => Promise<void> };

/**
 * A migrated database of its own: PGlite in memory, or, when TEST_DATABASE_URL is set,
 * a fresh database on that PostgreSQL server (dropped afterwards).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = openDatabase({ dataDir: 'memory' });
    await migrateDatabase(handle);
    return { ...handle, drop: handle.close };
  }
  const name = `envolve_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.query(noWaitForDisk(name));
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = openDatabase({ url: url.toString() });
  await migrateDatabase(handle);
  return {
    ...handle,
    drop: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

export async function truncateAll(handle: DatabaseHandle): Promise<void> {
  await handle.db.execute(sql.raw(`TRUNCATE ${TABLES.map((t) => `"${t}"`).join(', ')} CASCADE`));
}

// The files of a worker share one module registry (`isolate: false`), and so one
// database: starting and migrating one costs seconds. Each test still starts from empty
// tables. Files that mock modules run in a process of their own and get their own.
const shared = globalThis as { envolveSharedTestDatabase?: Promise<DatabaseHandle> };
const sharing = process.env.TEST_SHARE_DATABASE === '1';

/**
 * The shared database: PGlite in memory, or on a PostgreSQL server one per run and worker,
 * named by the run's global setup (which drops them at the end). Without that setup, as
 * under Stryker, which cuts every run short, the name is fixed for this checkout and worker,
 * and the database is made once and reused by every later run.
 */
async function sharedDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return createTestDatabase();
  const checkout = createHash('sha256').update(process.cwd()).digest('hex').slice(0, 12);
  // Stryker's workers share a checkout: each has its own number.
  const prefix =
    inject('sharedDatabasePrefix') ?? `envolve_shared_${checkout}_${process.env.STRYKER_MUTATOR_WORKER ?? 0}`;
  const name = `${prefix}_${process.env.VITEST_POOL_ID ?? '1'}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.query(noWaitForDisk(name));
  } catch (error) {
    // 42P04: made by an earlier run.
    if ((error as { code?: string }).code !== '42P04') throw error;
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = openDatabase({ url: url.toString() });
  await migrateDatabase(handle);
  return handle;
}

/** Installs a fresh database for this test file and empties it before each test. */
export function useTestDatabase(): { handle: () => DatabaseHandle } {
  let current: TestDatabase | undefined;
  beforeAll(async () => {
    current = sharing
      ? { ...(await (shared.envolveSharedTestDatabase ??= sharedDatabase())), drop: async () => undefined }
      : await createTestDatabase();
    setDatabaseHandle(current);
  });
  beforeEach(async () => {
    await truncateAll(current!);
    resetRateLimits();
  });
  afterAll(async () => {
    setDatabaseHandle(undefined);
    await current?.drop();
  });
  return { handle: () => current! };
}
