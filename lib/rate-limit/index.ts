import 'server-only';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { getDatabaseHandle, type DatabaseHandle } from '@/lib/db/client';
import { AppError } from '@/lib/http/errors';
import { logError } from '@/lib/log';
import { describeWait, RATE_LIMITS, type RateLimitName } from './limits';

export { RATE_LIMITS, type RateLimitName } from './limits';

/** A 429: the message says how long to wait; `retryAfter` (seconds) becomes the header. */
export class RateLimitError extends AppError {
  readonly retryAfter: number;

  constructor(name: RateLimitName, msBeforeNext: number) {
    const retryAfter = Math.max(Math.ceil(msBeforeNext / 1000), 1);
    super('rate_limited', RATE_LIMITS[name].message.replace('{wait}', describeWait(retryAfter)));
    this.retryAfter = retryAfter;
  }
}

// On a PostgreSQL server the counters live in the rate_limits table, so every instance
// sees the same ones; if the database cannot answer, an in-memory limiter stands in
// rather than failing the request. The embedded database serves one process: memory.
function createLimiter(handle: DatabaseHandle, name: RateLimitName): RateLimiterAbstract {
  const { points, duration } = RATE_LIMITS[name];
  const memory = new RateLimiterMemory({ keyPrefix: name, points, duration });
  if (handle.kind !== 'postgres' || !handle.pool) return memory;
  return new RateLimiterPostgres({
    storeClient: handle.pool,
    storeType: 'pool',
    tableName: 'rate_limits',
    tableCreated: true,
    keyPrefix: name,
    points,
    duration,
    insuranceLimiter: memory,
  });
}

const store = globalThis as typeof globalThis & {
  __envolveRateLimiters?: WeakMap<DatabaseHandle, Map<RateLimitName, RateLimiterAbstract>>;
};

function limiter(name: RateLimitName): RateLimiterAbstract {
  const handle = getDatabaseHandle();
  store.__envolveRateLimiters ??= new WeakMap();
  let limiters = store.__envolveRateLimiters.get(handle);
  if (!limiters) {
    limiters = new Map();
    store.__envolveRateLimiters.set(handle, limiters);
  }
  let found = limiters.get(name);
  if (!found) {
    found = createLimiter(handle, name);
    limiters.set(name, found);
  }
  return found;
}

function keyOf(key: string): string {
  // The store's key column holds 255 characters with the limit's name in front.
  return key.toLowerCase().slice(0, 200);
}

/** Counts one request against `name` for `key`; throws a RateLimitError once it is over. */
export async function consumeRateLimit(name: RateLimitName, key: string): Promise<void> {
  try {
    await limiter(name).consume(keyOf(key));
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) throw new RateLimitError(name, rejection.msBeforeNext);
    // A limiter that cannot count does not stop the request.
    logError('rate-limit', rejection, { limit: name });
  }
}

/** The error to answer when `key` has used up `name` already, without counting; else null. */
export async function limitReached(name: RateLimitName, key: string): Promise<RateLimitError | null> {
  let state: RateLimiterRes | null = null;
  try {
    state = await limiter(name).get(keyOf(key));
  } catch (error) {
    logError('rate-limit', error, { limit: name });
  }
  // A memory record outlives its window until its timer fires: past the window it counts for nothing.
  if (state && state.msBeforeNext > 0 && state.consumedPoints >= RATE_LIMITS[name].points) {
    return new RateLimitError(name, state.msBeforeNext);
  }
  return null;
}

/** Gives back one point of `name` to `key` (an attempt that turned out not to count). */
export async function refundRateLimit(name: RateLimitName, key: string): Promise<void> {
  try {
    await limiter(name).reward(keyOf(key), 1);
  } catch (error) {
    logError('rate-limit', error, { limit: name });
  }
}

/** Forgets `key`'s count (a successful sign-in clears the account's failures). */
export async function clearRateLimit(name: RateLimitName, key: string): Promise<void> {
  try {
    await limiter(name).delete(keyOf(key));
  } catch (error) {
    logError('rate-limit', error, { limit: name });
  }
}

/** Tests start each case with fresh counters (the table is emptied with the others). */
export function resetRateLimits(): void {
  store.__envolveRateLimiters = new WeakMap();
}
