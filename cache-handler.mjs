// Next's cache for this app (next.config.ts). Cached reads (`unstable_cache`, kind FETCH) and
// the output of ISR pages and route handlers (kinds APP_PAGE and APP_ROUTE) are kept with the
// tags they were made under: a read's come with the call, a page's in its x-next-cache-tags
// header, which also holds the implicit `_N_T_/…` tags that revalidatePath invalidates.
// `revalidateTag` records when each tag was invalidated, and how: an entry stored before an
// expiry, or too soon after it (SETTLE_MS), is a miss; one stored before a stale mark (the
// `'max'` profile) is served once more while Next renders it again in the background.
// With REDIS_URL, those kinds and the tag times live in Redis, shared by every instance;
// without it, in this process. Other kinds (Pages Router output: this app has none) always
// stay in this process.
import Redis from 'ioredis';
import { LRUCache } from 'lru-cache';

const PREFIX = 'envolve:cache:';
const TAG_PREFIX = 'envolve:tag:';
const STALE_PREFIX = 'envolve:stale:';
/** The longest an entry is kept, and how long one with no revalidation time of its own is. */
const MAX_TTL_SECONDS = 24 * 60 * 60;
/**
 * How long after a tag's invalidation an entry stored under it is not trusted. A render that
 * began before a change and is stored after the change's invalidation holds what it read before
 * the change, yet is stamped after the invalidation: served as fresh, it would show the old
 * data until its revalidate time. An entry stored this soon after an invalidation of one of its
 * tags is therefore a miss, and so is rendered again, until one is stored later than that.
 * It covers renders shorter than this, and clocks of instances that differ by less.
 */
export const SETTLE_MS = 5_000;
/**
 * How long a tag's invalidation time matters: an entry stored more than SETTLE_MS after it is
 * not concerned, and none stored before it outlives MAX_TTL_SECONDS.
 */
const TAG_TIME_MS = MAX_TTL_SECONDS * 1000 + SETTLE_MS;
/** The kinds kept in Redis when there is one; Next names them in `ctx.kind` on get and in `data.kind` on set. */
const SHARED_KINDS = new Set(['FETCH', 'APP_PAGE', 'APP_ROUTE']);
const TAGS_HEADER = 'x-next-cache-tags';
/** Next's default for `cacheMaxMemorySize`, which it passes to the handler as `maxMemoryCacheSize`. */
const DEFAULT_MEMORY_BYTES = 50 * 1024 * 1024;

/** Bytes a value takes, roughly: what its text and payloads weigh. */
function sizeOf(value) {
  switch (value?.kind) {
    case 'APP_PAGE': {
      let size = (value.html?.length ?? 0) + (value.rscData?.length ?? 0) + (value.postponed?.length ?? 0);
      for (const [path, segment] of value.segmentData ?? []) size += path.length + segment.length;
      return size;
    }
    case 'APP_ROUTE':
      return value.body?.length ?? 0;
    case 'FETCH':
      return JSON.stringify(value.data ?? '').length;
    default:
      return JSON.stringify(value ?? null).length;
  }
}

/** Entries and tag times in this process, bounded by size (least recently read go first). */
class MemoryStore {
  constructor(maxBytes) {
    this.entries =
      maxBytes > 0
        ? new LRUCache({
            maxSize: maxBytes,
            sizeCalculation: (entry, key) => Math.max(1, key.length + sizeOf(entry.value)),
            // Entries age by the clock that stamps them, read afresh on each use.
            perf: Date,
            ttlResolution: 0,
          })
        : null;
    /** Per way of invalidating ('expired', 'stale'): tag → when it last was, oldest first. */
    this.tagTimes = { expired: new Map(), stale: new Map() };
  }

  async read(key) {
    return this.entries?.get(key) ?? null;
  }

  async write(key, entry, ttlSeconds) {
    this.entries?.set(key, entry, { ttl: ttlSeconds * 1000 });
  }

  async remove(key) {
    this.entries?.delete(key);
  }

  async invalidatedAt(tags) {
    const { expired, stale } = this.tagTimes;
    return tags.map((tag) => ({ expired: expired.get(tag) ?? null, stale: stale.get(tag) ?? null }));
  }

  async invalidate(tags, time, how) {
    const times = this.tagTimes[how];
    for (const tag of tags) {
      // Moved to the end, so the map stays in order of time.
      times.delete(tag);
      times.set(tag, time);
    }
    for (const [tag, at] of times) {
      if (at > time - TAG_TIME_MS) break;
      times.delete(tag);
    }
  }
}

/**
 * The most a page waits on Redis: a connection still being made is waited for this long,
 * and a command this long, so a cache that does not answer costs a render, not a hang.
 */
const CONNECT_WAIT_MS = 200;
const COMMAND_TIMEOUT_MS = 300;

// Next makes a handler for every request: they share one connection per Redis address,
// and one store in this process.
const clients = (globalThis.__envolveCacheClients ??= new Map());

/** Runs `fn` in the server's start context when instrumentation.ts captured one. */
function inStartContext(fn) {
  const run = globalThis[Symbol.for('envolve.startContext')];
  return run ? run(fn) : fn();
}

function clientFor(url) {
  let client = clients.get(url);
  if (!client) {
    // A cache that cannot answer at once is a miss: no queue of commands while Redis is away,
    // and a command a frozen connection never answers gives up in time for the page to be
    // rendered instead.
    // Made in the context the server started in, not in the request that came first: the
    // connection outlives it (lib/runtime/start-context.ts keeps that context here).
    client = inStartContext(
      () =>
        new Redis(url, {
          maxRetriesPerRequest: 1,
          enableOfflineQueue: false,
          connectTimeout: 1_000,
          commandTimeout: COMMAND_TIMEOUT_MS,
        }),
    );
    client.on('error', (error) => console.error(JSON.stringify({ msg: 'cache.redis', error: error.message })));
    clients.set(url, client);
  }
  return client;
}

/** Whether the connection is up, waiting briefly for one still being made. */
function ready(redis) {
  if (redis.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (up) => {
      clearTimeout(timer);
      redis.off('ready', onReady);
      resolve(up);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), CONNECT_WAIT_MS);
    redis.on('ready', onReady);
  });
}

// JSON carries neither bytes (a page's RSC payload, a route's body) nor the Map of a page's
// per-segment payloads; they are stored tagged, bytes as base64, and read back as Next made
// them. The replacer reads `this[key]` because JSON.stringify has already turned a Buffer
// into `{ type, data }` by the time the replacer sees `value`.
function encode(key, value) {
  const raw = this[key];
  if (raw instanceof Uint8Array)
    return { $bytes: Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString('base64') };
  if (raw instanceof Map) return { $map: [...raw] };
  return value;
}

function decode(_key, value) {
  if (typeof value !== 'object' || value === null) return value;
  if (typeof value.$bytes === 'string') return Buffer.from(value.$bytes, 'base64');
  if (Array.isArray(value.$map)) return new Map(value.$map);
  return value;
}

/**
 * Entries and tag times in Redis, for every instance. A store that cannot reach Redis at once
 * answers misses and keeps nothing, but an invalidation it cannot record is an error.
 */
class RedisStore {
  constructor(redis) {
    this.redis = redis;
  }

  async read(key) {
    if (!(await ready(this.redis))) return null;
    const stored = await this.redis.get(PREFIX + key);
    return stored ? JSON.parse(stored, decode) : null;
  }

  async write(key, entry, ttlSeconds) {
    if (!(await ready(this.redis))) return;
    await this.redis.set(PREFIX + key, JSON.stringify(entry, encode), 'EX', ttlSeconds);
  }

  async remove(key) {
    if (await ready(this.redis)) await this.redis.del(PREFIX + key);
  }

  async invalidatedAt(tags) {
    const times = await this.redis.mget([
      ...tags.map((tag) => TAG_PREFIX + tag),
      ...tags.map((tag) => STALE_PREFIX + tag),
    ]);
    const time = (value) => (value === null ? null : Number(value));
    return tags.map((_, i) => ({ expired: time(times[i]), stale: time(times[tags.length + i]) }));
  }

  async invalidate(tags, time, how) {
    if (!(await ready(this.redis)))
      throw new Error('Redis is unreachable: the invalidation of ' + tags.join(', ') + ' is lost');
    const prefix = how === 'stale' ? STALE_PREFIX : TAG_PREFIX;
    const write = this.redis.multi();
    for (const tag of tags) write.set(prefix + tag, time, 'PX', TAG_TIME_MS);
    await write.exec();
  }
}

/** The tags an entry answers to: a read's are passed when it is stored, a page's are in its header. */
function tagsOf(data, ctx) {
  const header = data.kind === 'FETCH' ? undefined : data.headers?.[TAGS_HEADER];
  // Next joins the header's tags with commas; String() does the same to an array.
  const fromHeader = header === undefined ? [] : String(header).split(',');
  return [...new Set([...(ctx?.tags ?? []), ...fromHeader])].filter(Boolean);
}

/**
 * The time to give Next for an entry marked stale, so that it serves the entry and renders it
 * again in the background: Next takes an entry to be stale once it is older than its
 * revalidate time (a read's own, or a page's cacheControl), and only then. An entry with no
 * revalidate time cannot be told stale that way, and is a miss instead (null).
 */
function staleStamp(entry, ctx) {
  const seconds =
    entry.value?.kind === 'FETCH' ? (ctx?.revalidate ?? entry.value.revalidate) : entry.cacheControl?.revalidate;
  if (typeof seconds !== 'number' || !(seconds > 0)) return null;
  return Math.min(entry.lastModified, Date.now() - (seconds + 1) * 1000);
}

export default class CacheHandler {
  /** Next passes its options; `maxMemoryCacheSize` is `cacheMaxMemorySize` from next.config.ts. */
  constructor(options = {}) {
    const bytes = options.maxMemoryCacheSize ?? DEFAULT_MEMORY_BYTES;
    this.memory = globalThis.__envolveCacheMemory ??= new MemoryStore(bytes);
    this.redis = process.env.REDIS_URL ? clientFor(process.env.REDIS_URL) : null;
    this.shared = this.redis ? new RedisStore(this.redis) : this.memory;
  }

  storeFor(kind) {
    return SHARED_KINDS.has(kind) ? this.shared : this.memory;
  }

  async get(key, ctx) {
    const store = this.storeFor(ctx?.kind);
    try {
      const entry = await store.read(key);
      if (!entry) return null;
      // A read also answers to the implicit tags of the page making it (ctx.softTags); Next
      // passes neither list when it reads a page, whose tags were all stored with it.
      const tags = [...new Set([...(entry.tags ?? []), ...(ctx?.tags ?? []), ...(ctx?.softTags ?? [])])];
      const concerns = (time) => time !== null && time > entry.lastModified - SETTLE_MS;
      let stale = false;
      if (tags.length > 0) {
        const invalidated = await store.invalidatedAt(tags);
        if (invalidated.some(({ expired }) => concerns(expired))) return null;
        stale = invalidated.some((times) => concerns(times.stale));
      }
      // A page's revalidate time travels with it: an instance that never rendered the page
      // would otherwise take it to be stale after a second and render it again.
      const lastModified = stale ? staleStamp(entry, ctx) : entry.lastModified;
      if (lastModified === null) return null;
      return { value: entry.value, lastModified, cacheControl: entry.cacheControl };
    } catch {
      return null;
    }
  }

  async set(key, data, ctx) {
    const store = this.storeFor(data?.kind);
    try {
      if (!data) return await store.remove(key);
      // A read carries its revalidate time; a page's or route's comes in ctx.cacheControl.
      const revalidate = data.kind === 'FETCH' ? data.revalidate : ctx?.cacheControl?.revalidate;
      const ttl =
        typeof revalidate === 'number' && revalidate > 0 ? Math.min(revalidate * 2, MAX_TTL_SECONDS) : MAX_TTL_SECONDS;
      const entry = { value: data, lastModified: Date.now(), tags: tagsOf(data, ctx), cacheControl: ctx?.cacheControl };
      await store.write(key, entry, ttl);
    } catch {
      // Not kept: the next read computes it again.
    }
  }

  // Next 16 passes the profile's durations as a second argument: none from revalidatePath and
  // `{ expire: 0 }` end the tags' entries at once; any other profile (this app uses 'max')
  // marks them stale, to be served while they are rendered again. How long stale content may
  // last is then bounded by each entry's own lifetime (twice its revalidate time), not by the
  // profile's expire.
  async revalidateTag(tags, durations) {
    const list = [tags].flat().filter(Boolean);
    if (list.length === 0) return;
    const how = durations && durations.expire !== 0 ? 'stale' : 'expired';
    // Not caught: an invalidation that cannot be recorded must be seen in the logs.
    await this.shared.invalidate(list, Date.now(), how);
  }

  resetRequestCache() {}
}
