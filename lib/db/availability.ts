import 'server-only';
import { getDatabaseHandle, openedDatabaseHandle, type DatabaseHandle } from './client';
import { isHandleDown, noteDatabaseError, pingServer } from './outage';

// The process's database as the rest of the app sees it: whether its server can be reached
// (./outage.ts keeps that per pool, ./outage-guard.ts bounds the calls), and what a 503
// asks a client to wait.
export { DatabaseDownError, isDatabaseUnavailable } from './outage';

/** What a 503 asks a client to wait: a down database is asked every second whether it is back. */
export const RETRY_AFTER_SECONDS = 5;

const PING_TIMEOUT_MS = 1000;

/** Whether the database server was found unreachable and has not answered since. */
export function isDatabaseDown(handle = openedDatabaseHandle()): boolean {
  return handle !== undefined && isHandleDown(handle);
}

/**
 * Asks the server `select 1` on a connection of its own, so that a frozen pool cannot hold
 * the answer: true when it answered within the timeout.
 */
export function pingDatabase(handle: DatabaseHandle = getDatabaseHandle(), timeoutMs = PING_TIMEOUT_MS) {
  return pingServer(handle, timeoutMs);
}

/**
 * Notes an error of a database request: one that says the server is unreachable marks it
 * down; one that says it is busy does not, since it still answers. The pool's calls are noted
 * as they fail (./outage-guard.ts); this is for errors met elsewhere.
 */
export function reportDatabaseError(error: unknown, handle = openedDatabaseHandle()): void {
  if (handle) noteDatabaseError(error, handle);
}
