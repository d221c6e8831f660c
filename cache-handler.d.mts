import type Redis from 'ioredis';

/** Next's lifetime for a page or route: seconds until stale, and until it must not be served. */
type CacheControl = { revalidate: number | false; expire?: number };
type Entry = { value: unknown; lastModified: number; cacheControl?: CacheControl };

/** The least time between two stale marks of a tag that take effect, in ms: the rest wait for it. */
export const COALESCE_MS: number;

export default class CacheHandler {
  constructor(options?: { maxMemoryCacheSize?: number });
  /** The shared connection when REDIS_URL is set. */
  readonly redis: Redis | null;
  get(
    key: string,
    ctx?: { kind?: string; tags?: string[]; softTags?: string[]; revalidate?: number; isFallback?: boolean },
  ): Promise<Entry | null>;
  set(
    key: string,
    data: ({ kind: string; revalidate?: number | false } & Record<string, unknown>) | null,
    ctx?: { tags?: string[]; cacheControl?: CacheControl; isFallback?: boolean; isRoutePPREnabled?: boolean },
  ): Promise<void>;
  revalidateTag(tags: string | string[], durations?: { expire?: number }): Promise<void>;
  resetRequestCache(): void;
}
