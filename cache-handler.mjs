// Next's cache shared by every instance through Redis (next.config.ts uses it when REDIS_URL is
// set). Cached reads (`unstable_cache`, kind FETCH) and the output of ISR pages and route
// handlers (kinds APP_PAGE and APP_ROUTE) live in Redis with the tags they were made under: a
// read's come with the call, a page's in its x-next-cache-tags header, which also holds the
// implicit `_N_T_/…` tags that revalidatePath invalidates. `revalidateTag` on any instance
// records when each tag was invalidated, and an entry stored before that is a miss everywhere.
// Other kinds (images, Pages Router output: this app caches neither here) stay in this process.
import Redis from 'ioredis';

const PREFIX = 'envolve:cache:';
const TAG_TIMES = `${PREFIX}tags`;
/** How long an entry with no revalidation time of its own is kept. */
const DEFAULT_TTL_SECONDS = 24 * 60 * 60;
/** The kinds kept in Redis; Next names them in `ctx.kind` on get and in `data.kind` on set. */
const SHARED_KINDS = new Set(['FETCH', 'APP_PAGE', 'APP_ROUTE']);
const TAGS_HEADER = 'x-next-cache-tags';

// Next makes a handler for every request: they share one connection per Redis address,
// and one store in this process for the kinds Redis does not hold.
const clients = (globalThis.__envolveCacheClients ??= new Map());
const local = (globalThis.__envolveCacheLocal ??= new Map());

function clientFor(url) {
  let client = clients.get(url);
  if (!client) {
    // A cache that cannot answer at once is a miss: no queue of commands while Redis is away.
    client = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
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
    const timer = setTimeout(() => done(false), 500);
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

/** The tags an entry answers to: a read's are passed when it is stored, a page's are in its header. */
function tagsOf(data, ctx) {
  const header = data.kind === 'FETCH' ? undefined : data.headers?.[TAGS_HEADER];
  // Next joins the header's tags with commas; String() does the same to an array.
  const fromHeader = header === undefined ? [] : String(header).split(',');
  return [...new Set([...(ctx?.tags ?? []), ...fromHeader])].filter(Boolean);
}

export default class CacheHandler {
  constructor() {
    this.local = local;
    this.redis = clientFor(process.env.REDIS_URL);
  }

  async get(key, ctx) {
    if (!SHARED_KINDS.has(ctx?.kind)) return this.local.get(key) ?? null;
    if (!(await ready(this.redis))) return null;
    try {
      const stored = await this.redis.get(PREFIX + key);
      if (!stored) return null;
      const entry = JSON.parse(stored, decode);
      // A read also answers to the implicit tags of the page making it (ctx.softTags); Next
      // passes neither list when it reads a page, whose tags were all stored with it.
      const tags = [...new Set([...entry.tags, ...(ctx.tags ?? []), ...(ctx.softTags ?? [])])];
      if (tags.length > 0) {
        const invalidated = await this.redis.hmget(TAG_TIMES, ...tags);
        if (invalidated.some((time) => time !== null && Number(time) >= entry.lastModified)) return null;
      }
      // A page's revalidate time travels with it: an instance that never rendered the page
      // would otherwise take it to be stale after a second and render it again.
      return { value: entry.value, lastModified: entry.lastModified, cacheControl: entry.cacheControl };
    } catch {
      return null;
    }
  }

  async set(key, data, ctx) {
    if (!SHARED_KINDS.has(data?.kind)) {
      if (data) this.local.set(key, { value: data, lastModified: Date.now() });
      else this.local.delete(key);
      return;
    }
    // A read carries its revalidate time; a page's or route's comes in ctx.cacheControl.
    const revalidate = data.kind === 'FETCH' ? data.revalidate : ctx?.cacheControl?.revalidate;
    const ttl = typeof revalidate === 'number' && revalidate > 0 ? revalidate * 2 : DEFAULT_TTL_SECONDS;
    const entry = { value: data, lastModified: Date.now(), tags: tagsOf(data, ctx), cacheControl: ctx?.cacheControl };
    if (!(await ready(this.redis))) return;
    try {
      await this.redis.set(PREFIX + key, JSON.stringify(entry, encode), 'EX', ttl);
    } catch {
      // Not kept: the next read computes it again.
    }
  }

  // Next 16 passes the profile's durations as a second argument ({ expire: 0 } from this app's
  // mutations, none from revalidatePath). Every invalidation here ends the entries at once,
  // so a stale-while-revalidate profile is served as a fresh render, never as stale content.
  async revalidateTag(tags) {
    const list = [tags].flat().filter(Boolean);
    if (list.length === 0) return;
    if (!(await ready(this.redis)))
      throw new Error('Redis is unreachable: the invalidation of ' + list.join(', ') + ' is lost');
    const now = Date.now();
    // Not caught: an invalidation that cannot be recorded must be seen in the logs.
    await this.redis.hset(TAG_TIMES, Object.fromEntries(list.map((tag) => [tag, now])));
  }

  resetRequestCache() {}
}
