import 'server-only';
import type pg from 'pg';
import type { DatabaseHandle } from './client';
import {
  DatabaseDownError,
  isHandleDown,
  noteDatabaseError,
  SUSPECT_AFTER_MS,
  suspectOutage,
  whenDown,
} from './outage';

/**
 * Bounds what a call to the pool can cost when the server is out of reach, whoever makes it
 * (a page's reads, an API route, the job queue, the rate limits): while the server is known
 * down, a call fails at once; a call that fails because it is unreachable marks it down at
 * that moment, before the page or route that made it answers (so that the answer can say
 * "back soon", lib/server/unavailable-pages.ts); and a call still waiting after
 * SUSPECT_AFTER_MS has the server probed, and fails as soon as the server is found down
 * instead of at its own timeout, up to twenty seconds later on a frozen connection.
 *
 * What is bounded is the pool's promise calls: query(), which drizzle uses outside
 * transactions, and connect(), which opens a transaction. The queries of a transaction run on
 * the connection it holds and are not cut short: failing one early would hand its connection
 * back with a statement still under way in it.
 */
export function guardPool(handle: DatabaseHandle, pool: pg.Pool): void {
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  const connect = pool.connect.bind(pool) as (callback?: unknown) => Promise<pg.PoolClient> | undefined;
  // The callback forms are the pool's own (query() connects through connect(callback)).
  pool.query = ((...args: unknown[]) =>
    typeof args.at(-1) === 'function' ? query(...args) : bounded(handle, () => query(...args))) as pg.Pool['query'];
  pool.connect = ((callback?: unknown) =>
    callback
      ? connect(callback)
      : bounded(
          handle,
          () => connect()!,
          (client) => client.release(),
        )) as pg.Pool['connect'];
}

/**
 * The call's outcome, or DatabaseDownError once the server is found down first. A connection
 * that comes after its caller gave up goes back to the pool (`giveBack`); a query the caller
 * gave up on still ends in its own time, and its connection with it.
 */
function bounded<T>(handle: DatabaseHandle, call: () => Promise<T>, giveBack?: (value: T) => void): Promise<T> {
  if (isHandleDown(handle)) return Promise.reject(new DatabaseDownError());
  let pending: Promise<T>;
  try {
    pending = call();
  } catch (error) {
    pending = Promise.reject(error);
  }
  return new Promise<T>((resolve, reject) => {
    let gaveUp = false;
    const suspicion = setTimeout(() => suspectOutage(handle), SUSPECT_AFTER_MS);
    const stopWaiting = whenDown(handle, () => {
      gaveUp = true;
      clearTimeout(suspicion);
      reject(new DatabaseDownError());
    });
    const settle = () => {
      clearTimeout(suspicion);
      stopWaiting();
    };
    pending.then(
      (value) => {
        settle();
        if (gaveUp) giveBack?.(value);
        else resolve(value);
      },
      (error: unknown) => {
        settle();
        noteDatabaseError(error, handle);
        reject(error);
      },
    );
  });
}
