import 'server-only';
import pg from 'pg';
import { logInfo, logWarn } from '@/lib/log';
import { getDatabaseHandle, openedDatabaseHandle, type DatabaseHandle } from './client';

// Whether the database server can be reached, as this process last found out. A request
// that fails because the server is down, restarting or frozen marks it down; from then on
// API requests answer 503 at once and pages a "back soon" page, instead of each waiting out
// the connection timeout, while a probe asks the server every second until it answers.
// Nothing is asked while it is up. The embedded database is part of the process: it is
// never down in this sense.

/** Node's codes for a connection that could not be made or was lost. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'EAI_AGAIN',
]);
/** SQLSTATEs of a server that is shutting down or starting; class 08 is the connection's. */
const UNREACHABLE_STATES = new Set(['57P01', '57P02', '57P03']);
/**
 * SQLSTATEs of a server that answers but cannot take this work now: out of connections, or
 * a statement ended for running too long (it is overloaded). Worth a 503, not a probe.
 */
const BUSY_STATES = new Set(['53300', '57014']);
/** node-postgres's words for a pool or a connection that gave up waiting. */
const CLIENT_MESSAGES =
  /timeout exceeded when trying to connect|Connection terminated|Query read timeout|Cannot use a pool after calling end/i;

/** Thrown instead of asking a database known to be down. */
export class DatabaseDownError extends Error {
  constructor() {
    super('The database server cannot be reached.');
    this.name = 'DatabaseDownError';
  }
}

// Whether the error, or one of its causes, is one of those `test` accepts.
function someCause(error: unknown, test: (code: unknown, message: unknown) => boolean): boolean {
  for (let e = error, depth = 0; typeof e === 'object' && e !== null && depth < 8; depth++) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (test(code, message)) return true;
    e = cause;
  }
  return false;
}

/** Whether an error says the database server cannot be reached at all (down, restarting, frozen). */
function isDatabaseUnreachable(error: unknown): boolean {
  if (error instanceof DatabaseDownError) return true;
  return someCause(
    error,
    (code, message) =>
      (typeof code === 'string' && (NETWORK_CODES.has(code) || UNREACHABLE_STATES.has(code) || /^08/.test(code))) ||
      (typeof message === 'string' && CLIENT_MESSAGES.test(message)),
  );
}

/** Whether an error says the database cannot answer now, rather than that a query was wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return isDatabaseUnreachable(error) || someCause(error, (code) => typeof code === 'string' && BUSY_STATES.has(code));
}

/** What a 503 asks a client to wait: a down database is asked every second whether it is back. */
export const RETRY_AFTER_SECONDS = 5;

const PROBE_EVERY_MS = 1000;
const PROBE_TIMEOUT_MS = 1000;

type Watch = { down: boolean; probing: boolean; timer: NodeJS.Timeout | null };

// Per handle: a test's next database, or a new pool, starts as up.
const store = globalThis as typeof globalThis & { __envolveDatabaseWatch?: WeakMap<DatabaseHandle, Watch> };

function watchOf(handle: DatabaseHandle): Watch {
  store.__envolveDatabaseWatch ??= new WeakMap();
  let watch = store.__envolveDatabaseWatch.get(handle);
  if (!watch) {
    watch = { down: false, probing: false, timer: null };
    store.__envolveDatabaseWatch.set(handle, watch);
  }
  return watch;
}

/** Whether the database server was found unreachable and has not answered since. */
export function isDatabaseDown(handle = openedDatabaseHandle()): boolean {
  // Only a server's handle is ever watched; looking it up asks nothing of the handle itself.
  return handle !== undefined && store.__envolveDatabaseWatch?.get(handle)?.down === true;
}

/**
 * Asks the server `select 1` on a connection of its own, so that a frozen pool cannot hold
 * the answer: true when it answered within the timeout.
 */
export async function pingDatabase(
  handle: DatabaseHandle = getDatabaseHandle(),
  timeoutMs = PROBE_TIMEOUT_MS,
): Promise<boolean> {
  if (!handle.pool)
    return handle.executeSql('select 1').then(
      () => true,
      () => false,
    );
  const client = new pg.Client({
    connectionString: handle.pool.options.connectionString,
    connectionTimeoutMillis: timeoutMs,
    query_timeout: timeoutMs,
  });
  // A connection that froze is dropped, not waited for.
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    void client.end().catch(() => undefined);
  }
}

/**
 * Notes an error of a database request: one that says the server is unreachable marks it
 * down; one that says it is busy does not, since it still answers.
 */
export function reportDatabaseError(error: unknown, handle = openedDatabaseHandle()): void {
  if (handle?.kind !== 'postgres' || !isDatabaseUnreachable(error)) return;
  const watch = watchOf(handle);
  if (watch.down) return;
  watch.down = true;
  logWarn('db', 'the database server cannot be reached: answering 503 until it answers again');
  watch.timer = setInterval(() => {
    if (watch.probing) return;
    watch.probing = true;
    void pingDatabase(handle).then((up) => {
      watch.probing = false;
      if (!up || !watch.down) return;
      watch.down = false;
      if (watch.timer) clearInterval(watch.timer);
      watch.timer = null;
      logInfo('db', 'the database server answers again');
    });
  }, PROBE_EVERY_MS);
  watch.timer.unref();
}
