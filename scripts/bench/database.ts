// The benchmark's own PostgreSQL database: named from BENCH_DATABASE_URL (or the local
// server's envolve_bench_<rows>), made anew for every run, migrated by the app's own code
// and dropped at the end.
import pg from 'pg';
import { openDatabase } from '@/lib/db/client';
import { migrateDatabase } from '@/lib/db/migrate';

const LOCAL_SERVER = 'postgres://postgres@127.0.0.1:5432';

/**
 * The database for a run of `rows` rows. BENCH_DATABASE_URL names it as it is; when a run
 * measures several sizes, each size's database takes `_<rows>` after that name.
 */
export function benchDatabaseUrl(rows: number, severalSizes: boolean): string {
  const configured = process.env.BENCH_DATABASE_URL;
  if (!configured) return `${LOCAL_SERVER}/envolve_bench_${rows}`;
  if (!severalSizes) return configured;
  const url = new URL(configured);
  url.pathname = `${url.pathname}_${rows}`;
  return url.toString();
}

/** The database's name, refused unless it is a plain identifier: it goes into DDL unquoted by any driver. */
function databaseName(url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
    throw new Error(`The benchmark database name must be letters, digits and underscores: "${name}"`);
  }
  return name;
}

/** Runs statements on the server's maintenance database, where databases are made and dropped. */
async function onServer(url: string, statements: string[]): Promise<void> {
  const server = new URL(url);
  server.pathname = '/postgres';
  const client = new pg.Client({ connectionString: server.toString() });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function dropDatabase(url: string): Promise<void> {
  await onServer(url, [`drop database if exists "${databaseName(url)}" with (force)`]);
}

/** Drops the database if it exists, makes it again and applies the app's migrations. */
export async function recreateDatabase(url: string): Promise<void> {
  const name = databaseName(url);
  await onServer(url, [`drop database if exists "${name}" with (force)`, `create database "${name}"`]);
  const handle = openDatabase({ url });
  try {
    await migrateDatabase(handle);
  } finally {
    await handle.close();
  }
}

/** Runs `work` with one connection to the database, closed afterwards. */
export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
