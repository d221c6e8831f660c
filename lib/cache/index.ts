import 'server-only';
import { revalidateTag, unstable_cache } from 'next/cache';

/** What the shared cache holds, by the tag that invalidates it. */
export const CACHE_TAGS = {
  /**
   * Which published envolvements public lists show, and how many: Explore's rows, first pages,
   * counts and searches, and the top bar's suggestions.
   */
  lists: 'envolvement-lists',
  /**
   * Names, handles and pictures of people shown on a visitor's envolvement page (its creator,
   * its members): a change to one is rare, and expires them all.
   */
  people: 'people-shown',
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

/** What a handle's address (`/@handle`) names: a profile, or where it moved. */
export function handleTag(handle: string): string {
  return `handle:${handle.toLowerCase()}`;
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

function revalidate(tags: string[], profile: 'max' | { expire: 0 }): void {
  for (const tag of tags) {
    try {
      revalidateTag(tag, profile);
    } catch (error) {
      if (!(error instanceof Error && NO_CACHE.test(error.message))) throw error;
    }
  }
}

/** Drops what a change made stale, on every instance: the next read recomputes it. */
export function invalidate(...tags: string[]): void {
  revalidate(tags, { expire: 0 });
}

/**
 * Ends every cached page, on every instance: the tag Next gives everything under the root
 * layout, which `revalidatePath('/', 'layout')` ends.
 */
export function invalidateEveryPage(): void {
  invalidate('_N_T_/layout');
}

/**
 * Marks what a change made stale, on every instance, without dropping it: the next read is
 * served what was cached while it is computed again in the background. A mark made within a
 * second of the last one takes effect a second after it, for every change made meanwhile
 * (COALESCE_MS in cache-handler.mjs): what the tags cover is computed again at most once a
 * second, however many changes arrive.
 */
export function refresh(...tags: string[]): void {
  revalidate(tags, 'max');
}

/**
 * After a creator changed one of their envolvements (its text, its publication, its removal):
 * its own page and the creator's pages show the change on their next request; the public
 * lists, which hold every envolvement, are refreshed in the background and at most once a
 * second, so that neither one edit makes every Explore view and search miss at once, nor
 * edits in a row keep them rendering.
 */
export function envolvementChanged(envolvementId: string, creatorId: string): void {
  invalidate(envolvementTag(envolvementId), ...userTags(creatorId));
  refresh(CACHE_TAGS.lists);
}
