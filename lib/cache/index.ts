import 'server-only';
import { revalidateTag, unstable_cache } from 'next/cache';

/** What the shared cache holds, by the tag that invalidates it. */
export const CACHE_TAGS = {
  /** Which published envolvements public lists show, and how many: Explore's rows, first pages and counts. */
  lists: 'envolvement-lists',
} as const;

/** What a visitor's page of one envolvement shows that changes without an edit: its spots. */
export function envolvementTag(envolvementId: string): string {
  return `envolvement:${envolvementId}`;
}

/**
 * What public pages show of one user (a profile's header), by either way a profile's address
 * names them: their whole id and the part after the '|'.
 */
export function userTags(userId: string): string[] {
  const bar = userId.indexOf('|');
  return bar === -1 ? [`user:${userId}`] : [`user:${userId}`, `user:${userId.slice(bar + 1)}`];
}

/** The longest a cached read may be served after a change whose invalidation was lost. */
const MAX_AGE_SECONDS = 60;

// Outside a Next request (scripts, the tests) there is no cache to read or to invalidate.
const NO_CACHE = /incrementalCache missing|static generation store missing/;

/**
 * A read kept in Next's data cache under `key` and `tags` (in Redis when REDIS_URL is set,
 * shared by every instance; see cache-handler.mjs), recomputed after any of the tags is
 * invalidated or MAX_AGE_SECONDS have passed. The result must survive JSON: dates as strings.
 */
export function cachedRead<A extends unknown[], R>(
  read: (...args: A) => Promise<R>,
  key: string,
  tags: string[] | ((...args: A) => string[]),
): (...args: A) => Promise<R> {
  const shared = Array.isArray(tags) ? unstable_cache(read, [key], { tags, revalidate: MAX_AGE_SECONDS }) : null;
  // Tags that depend on the arguments need a cached function per call.
  const cachedFor = (args: A) =>
    shared ??
    unstable_cache(read, [key], { tags: (tags as (...args: A) => string[])(...args), revalidate: MAX_AGE_SECONDS });
  return async (...args) => {
    try {
      return await cachedFor(args)(...args);
    } catch (error) {
      if (error instanceof Error && NO_CACHE.test(error.message)) return read(...args);
      throw error;
    }
  };
}

/** Drops what a change made stale, on every instance: the next read recomputes it. */
export function invalidate(...tags: string[]): void {
  for (const tag of tags) {
    try {
      revalidateTag(tag, { expire: 0 });
    } catch (error) {
      if (!(error instanceof Error && NO_CACHE.test(error.message))) throw error;
    }
  }
}
