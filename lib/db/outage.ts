import 'server-only';
import pg from 'pg';
import { logInfo, logWarn } from '@/lib/log';
import { inStartContext } from '@/lib/runtime/start-context';
import type { DatabaseHandle } from './client';

// Whether a database server can be reached, as this process last found out, per pool (a
// test's next database, or a new pool, starts as up). A call that fails because the server
// is down, restarting or frozen marks it down; from then on every call fails at once
// (./outage-guard.ts), API requests answer 503 and pages a "back soon" page, instead of each
// waiting out the connection timeout, while a probe asks the server every second until it
// answers. The embedded database is part of the process: it is never down in this sense.

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

type Cause = { name?: unknown; code?: unknown; message?: unknown };

// Whether the error, or one of its causes (drizzle wraps the driver's), is one `test` accepts.
function someCause(error: unknown, test: (cause: Cause) => boolean): boolean {
  for (let e = error, depth = 0; typeof e === 'object' && e !== null && depth < 8; depth++) {
    if (test(e as Cause)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Whether an error says the database server cannot be reached at all (down, restarting, frozen). */
function isDatabaseUnreachable(error: unknown): boolean {
  return someCause(
    error,
    // By name: each bundle of the server (instrumentation, the app's routes) has its own class.
    ({ name, code, message }) =>
      name === 'DatabaseDownError' ||
      (typeof code === 'string' && (NETWORK_CODES.has(code) || UNREACHABLE_STATES.has(code) || /^08/.test(code))) ||
      (typeof message === 'string' && CLIENT_MESSAGES.test(message)),
  );
}

/** Whether an error says the database cannot answer now, rather than that a query was wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return (
    isDatabaseUnreachable(error) || someCause(error, ({ code }) => typeof code === 'string' && BUSY_STATES.has(code))
  );
}

const PROBE_EVERY_MS = 1000;
const PROBE_TIMEOUT_MS = 1000;
/** How long a call may wait on the server before a probe asks whether it still answers. */
export const SUSPECT_AFTER_MS = 2000;
/** A probe's limit when the server is suspected: a slow answer is not yet an outage. */
const SUSPICION_TIMEOUT_MS = 2000;

type Watch = {
  down: boolean;
  probing: boolean;
  /** When the server was last asked because a call was slow. */
  suspectedAt: number;
  timer: NodeJS.Timeout | null;
  /** What the calls waiting on the server do once it is found down. */
  waiting: Set<() => void>;
};

const store = globalThis as typeof globalThis & { __envolveDatabaseWatch?: WeakMap<object, Watch> };

// A server's handle is watched by its pool, which copies of the handle share.
const keyOf = (handle: DatabaseHandle): object => handle.pool ?? handle;

function watchOf(handle: DatabaseHandle): Watch {
  store.__envolveDatabaseWatch ??= new WeakMap();
  let watch = store.__envolveDatabaseWatch.get(keyOf(handle));
  if (!watch) {
    watch = { down: false, probing: false, suspectedAt: 0, timer: null, waiting: new Set() };
    store.__envolveDatabaseWatch.set(keyOf(handle), watch);
  }
  return watch;
}

/** Whether this handle's server was found unreachable and has not answered since. */
export function isHandleDown(handle: DatabaseHandle): boolean {
  // Only a server's handle is ever watched; looking it up asks nothing of the server.
  return store.__envolveDatabaseWatch?.get(keyOf(handle))?.down === true;
}

/**
 * Asks the server `select 1` on a connection of its own, so that a frozen pool cannot hold
 * the answer: true when it answered within the timeout.
 */
export async function pingServer(handle: DatabaseHandle, timeoutMs: number): Promise<boolean> {
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

// The probe outlives the request that found the server down: it is made in the server's own
// context, so that it does not keep that request's render alive (../runtime/start-context.ts).
function markDown(handle: DatabaseHandle): void {
  const watch = watchOf(handle);
  if (watch.down) return;
  watch.down = true;
  logWarn('db', 'the database server cannot be reached: answering 503 until it answers again');
  for (const giveUp of watch.waiting) giveUp();
  watch.waiting.clear();
  const stopProbing = () => {
    if (watch.timer) clearInterval(watch.timer);
    watch.timer = null;
  };
  watch.timer = inStartContext(() =>
    setInterval(() => {
      // A pool closed (the server stopping, a test done with it) has no one left to tell.
      if (handle.pool?.ending) return stopProbing();
      if (watch.probing) return;
      watch.probing = true;
      void pingServer(handle, PROBE_TIMEOUT_MS).then((up) => {
        watch.probing = false;
        if (!up || !watch.down) return;
        watch.down = false;
        stopProbing();
        logInfo('db', 'the database server answers again');
      });
    }, PROBE_EVERY_MS),
  );
  watch.timer.unref();
}

/**
 * Notes an error of a database call: one that says the server is unreachable marks it down;
 * one that says it is busy does not, since it still answers.
 */
export function noteDatabaseError(error: unknown, handle: DatabaseHandle): void {
  if (handle.kind === 'postgres' && isDatabaseUnreachable(error)) markDown(handle);
}

/**
 * A call has waited SUSPECT_AFTER_MS: the server is asked, on a connection of its own, whether
 * it still answers. A frozen server (connections open, nothing coming back) fails nothing by
 * itself until the statement timeout and five seconds more; this finds it in seconds. A slow
 * statement on a server that answers the probe goes on. At most one probe a second.
 */
export function suspectOutage(handle: DatabaseHandle): void {
  const watch = watchOf(handle);
  if (handle.kind !== 'postgres' || watch.down || watch.probing) return;
  if (Date.now() - watch.suspectedAt < PROBE_EVERY_MS) return;
  watch.probing = true;
  watch.suspectedAt = Date.now();
  void inStartContext(() => pingServer(handle, SUSPICION_TIMEOUT_MS)).then((up) => {
    watch.probing = false;
    if (!up) markDown(handle);
  });
}

/** Calls `giveUp` once, when the server is found down; the returned function cancels it. */
export function whenDown(handle: DatabaseHandle, giveUp: () => void): () => void {
  const { waiting } = watchOf(handle);
  waiting.add(giveUp);
  return () => waiting.delete(giveUp);
}
