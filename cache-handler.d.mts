import type Redis from 'ioredis';

type Entry = { value: unknown; lastModified: number };

export default class CacheHandler {
  constructor();
  readonly redis: Redis;
  get(key: string, ctx?: { kind?: string; tags?: string[]; softTags?: string[] }): Promise<Entry | null>;
  set(
    key: string,
    data: ({ kind: string; revalidate?: number | false } & Record<string, unknown>) | null,
    ctx?: { tags?: string[] },
  ): Promise<void>;
  revalidateTag(tags: string | string[]): Promise<void>;
  resetRequestCache(): void;
}
