import 'server-only';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { logError } from '@/lib/log';
import { inStartContext } from '@/lib/runtime/start-context';
import * as schema from '@/models';
import { openEmbeddedDatabase } from './embedded';
import { guardPool } from './outage-guard';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A transaction (or savepoint) of the database, for work that must happen inside the caller's. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The connection pool on a PostgreSQL server (absent on the embedded database). */
  pool?: pg.Pool;
  /** Raw SQL for libraries that bring their own (the job queue). */
  executeSql: (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
  close: () => Promise<void>;
};

const SECOND = 1000;

/**
 * How long the app waits on the database server: a request must fail in seconds, not hang,
 * when the server is down or a connection freezes. The server ends a statement that runs
 * past DATABASE_STATEMENT_TIMEOUT_MS (migrations lift it for their own session); the
 * client gives up on a reply that never comes a little later, since a frozen connection
 * never delivers the server's cancel. Callers do not wait that long on a server that stopped
 * answering: ./outage-guard.ts has it probed after two seconds.
 */
function poolLimits(env: Record<string, string | undefined> = process.env): pg.PoolConfig {
  const statement = Number(env.DATABASE_STATEMENT_TIMEOUT_MS || 15 * SECOND);
  return {
    max: Number(env.DATABASE_POOL_MAX ?? 10),
    connectionTimeoutMillis: 10 * SECOND,
    statement_timeout: statement,
    query_timeout: statement > 0 ? statement + 5 * SECOND : undefined,
    idle_in_transaction_session_timeout: 30 * SECOND,
    keepAlive: true,
  };
}

/**
 * A pool whose connections (and their connect timers) are made in the context the server
 * started in rather than in the request that happened to need one first: they live on after
 * it (../runtime/start-context.ts). The pool's own query() connects through this too. (A
 * connection's listener still holds the callback of the query that opened it, so each pooled
 * connection keeps one request: as many as the pool holds connections, no more.)
 */
function poolOutsideRequests(pool: pg.Pool): pg.Pool {
  const connect = pool.connect.bind(pool) as (callback?: unknown) => unknown;
  pool.connect = ((callback?: unknown) => inStartContext(() => connect(callback))) as pg.Pool['connect'];
  return pool;
}

/**
 * A PostgreSQL server when `url` is given, else PGlite (in memory when `dataDir` is 'memory'),
 * whose data directory the handle holds alone until it is closed (./embedded.ts).
 */
export function openDatabase(options: { url?: string; dataDir?: string }): DatabaseHandle {
  if (options.url) {
    const pool = poolOutsideRequests(new pg.Pool({ connectionString: options.url, ...poolLimits() }));
    // An idle client's error (server restart) must not crash the process.
    pool.on('error', (error) => logError('db.idle-client', error));
    const handle: DatabaseHandle = {
      db: drizzlePg(pool, { schema }) as Database,
      kind: 'postgres',
      pool,
      executeSql: (text, values) => pool.query(text, values),
      close: () => pool.end(),
    };
    guardPool(handle, pool);
    return handle;
  }
  return openEmbeddedDatabase(options.dataDir ?? defaultDataDir());
}

export function defaultDataDir(): string {
  return process.env.PGLITE_DIR || path.join(/*turbopackIgnore: true*/ process.cwd(), '.data', 'pglite');
}

// One database per process: PGlite allows a single instance per data directory,
// and a pool is meant to be shared.
const store = globalThis as typeof globalThis & { __envolveDatabase?: DatabaseHandle };

export function getDatabaseHandle(): DatabaseHandle {
  store.__envolveDatabase ??= openDatabase({ url: process.env.DATABASE_URL || undefined });
  return store.__envolveDatabase;
}

/** The process's database if one was opened, without opening one. */
export function openedDatabaseHandle(): DatabaseHandle | undefined {
  return store.__envolveDatabase;
}

export function db(): Database {
  return getDatabaseHandle().db;
}

/** Tests install their own database for the process. */
export function setDatabaseHandle(handle: DatabaseHandle | undefined): void {
  store.__envolveDatabase = handle;
}
