// Next's cache for this app (next.config.ts). Cached reads (`unstable_cache`, kind FETCH) and
// the output of ISR pages and route handlers (kinds APP_PAGE and APP_ROUTE) are kept with the
// tags they were made under: a read's come with the call, a page's in its x-next-cache-tags
// header, which also holds the implicit `_N_T_/…` tags that revalidatePath invalidates.
//
// Each entry keeps when its render began, and `revalidateTag` records when each tag was
// invalidated, and how. An entry whose render began before an expiry (`{ expire: 0 }`, or
// revalidatePath) is a miss; one whose render began before a stale mark (the `'max'` profile)
// is served once more while Next renders it again in the background. Stale marks of a tag are
// coalesced: one made sooner than COALESCE_MS after the last takes effect COALESCE_MS after it,
// for every change made meanwhile, so that edits in a row cost one render of what they touch.
//
// With REDIS_URL, those kinds and the tag times live in Redis, shared by every instance, and
// every time compared is Redis's clock; without it, in this process, by its clock. Other kinds
// (Pages Router output: this app has none) always stay in this process.
import Redis from 'ioredis';
import { LRUCache } from 'lru-cache';

const PREFIX = 'envolve:cache:';
const TAG_PREFIX = 'envolve:tag:';
const STALE_PREFIX = 'envolve:stale:';
/** The longest an entry is kept, and how long one with no revalidation time of its own is. */
const MAX_TTL_SECONDS = 24 * 60 * 60;
/**
 * The least time between two stale marks of a tag that take effect. A mark made sooner after
 * the last one takes effect this long after it, and covers every change made in between: what
 * a tag covers is rendered again at most this often however many edits arrive, and shows an
 * edit at most this late, plus the render.
 */
export const COALESCE_MS = 1_000;
/** How long a tag's invalidation time matters: no entry it concerns outlives MAX_TTL_SECONDS. */
const TAG_TIME_MS = MAX_TTL_SECONDS * 1000 + COALESCE_MS;
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

/**
 * A tag's stale marks as [the one before, the latest]: the latest may lie ahead, put off by
 * COALESCE_MS, and until it comes the one before holds. Null when a mark made `now` is already
 * covered by one to come.
 */
function nextStaleMarks(marks, now) {
  if (!marks) return [now, now];
  const latest = marks[1];
  if (latest >= now) return null;
  return [latest, Math.max(now, latest + COALESCE_MS)];
}

/** The stale mark that holds at `now`. */
function staleMarkAt(marks, now) {
  return marks[1] <= now ? marks[1] : marks[0];
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
    /** Tag → when it last expired, and tag → its stale marks; oldest first. */
    this.expired = new Map();
    this.stale = new Map();
  }

  async read(key) {
    return { entry: this.entries?.get(key) ?? null, now: Date.now() };
  }

  async write(key, entry, ttlSeconds) {
    this.entries?.set(key, entry, { ttl: ttlSeconds * 1000 });
  }

  async remove(key) {
    this.entries?.delete(key);
  }

  async marksOf(tags) {
    return tags.map((tag) => ({ expired: this.expired.get(tag) ?? null, stale: this.stale.get(tag) ?? null }));
  }

  async mark(tags, how) {
    const now = Date.now();
    const times = how === 'stale' ? this.stale : this.expired;
    for (const tag of tags) {
      const next = how === 'stale' ? nextStaleMarks(times.get(tag), now) : now;
      if (next === null) continue;
      // Moved to the end, so the map stays in order of time.
      times.delete(tag);
      times.set(tag, next);
    }
    for (const [tag, at] of times) {
      if ((Array.isArray(at) ? at[1] : at) > now - TAG_TIME_MS) break;
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

/**
 * Records an invalidation of the tags KEYS at Redis's time, for every instance alike, and
 * answers that time. ARGV: 'stale' or 'expired', COALESCE_MS, how long to keep the time (ms).
 * A stale record is "<the mark before> <the latest>", as nextStaleMarks makes them; an
 * expiry is its time. Neither goes back: of two instances' marks, the later time stays.
 */
const MARK_SCRIPT = `
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + tonumber(clock[2]) / 1000
local coalesce = tonumber(ARGV[2])
for _, key in ipairs(KEYS) do
  local held = redis.call('GET', key)
  local latest = held and tonumber(string.match(held, '(%S+)$'))
  if not latest or latest < now then
    local value = string.format('%.3f', now)
    if ARGV[1] == 'stale' then
      local at = latest and math.max(now, latest + coalesce) or now
      value = string.format('%.3f %.3f', latest or now, at)
    end
    redis.call('SET', key, value, 'PX', ARGV[3])
  end
end
return string.format('%.3f', now)
`;

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
    client.defineCommand('envolveMarkTags', { lua: MARK_SCRIPT });
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

/** Redis's TIME ([seconds, microseconds]) in milliseconds. */
const redisMs = ([seconds, micros]) => Number(seconds) * 1000 + Number(micros) / 1000;

/** A stale record as MARK_SCRIPT writes it; a lone time (an older record) is both marks. */
function parseStaleMarks(value) {
  if (value === null) return null;
  const [before, latest = before] = value.split(' ').map(Number);
  return [before, latest];
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
    // The time comes in the same round trip: it stamps a render that a miss starts.
    const [[missing, stored], [late, time]] = await this.redis
      .pipeline()
      .get(PREFIX + key)
      .time()
      .exec();
    if (missing || late) throw missing ?? late;
    return { entry: stored ? JSON.parse(stored, decode) : null, now: redisMs(time) };
  }

  async write(key, entry, ttlSeconds) {
    if (!(await ready(this.redis))) return;
    await this.redis.set(PREFIX + key, JSON.stringify(entry, encode), 'EX', ttlSeconds);
  }

  async remove(key) {
    if (await ready(this.redis)) await this.redis.del(PREFIX + key);
  }

  async marksOf(tags) {
    const times = await this.redis.mget([
      ...tags.map((tag) => TAG_PREFIX + tag),
      ...tags.map((tag) => STALE_PREFIX + tag),
    ]);
    return tags.map((_, i) => ({
      expired: times[i] === null ? null : Number(times[i]),
      stale: parseStaleMarks(times[tags.length + i]),
    }));
  }

  async mark(tags, how) {
    if (!(await ready(this.redis)))
      throw new Error('Redis is unreachable: the invalidation of ' + tags.join(', ') + ' is lost');
    const prefix = how === 'stale' ? STALE_PREFIX : TAG_PREFIX;
    const keys = tags.map((tag) => prefix + tag);
    await this.redis.envolveMarkTags(keys.length, ...keys, how, COALESCE_MS, TAG_TIME_MS);
  }
}

/** The tags an entry answers to: a read's are passed when it is stored, a page's are in its header. */
function tagsOf(data, ctx) {
  const header = data.kind === 'FETCH' ? undefined : data.headers?.[TAGS_HEADER];
  // Next joins the header's tags with commas; String() does the same to an array.
  const fromHeader = header === undefined ? [] : String(header).split(',');
  return [...new Set([...(ctx?.tags ?? []), ...fromHeader])].filter(Boolean);
}

/** An entry's revalidate time in seconds: a read's own (or its call's), a page's cacheControl. */
function revalidateOf(entry, ctx) {
  const seconds =
    entry.value?.kind === 'FETCH' ? (ctx?.revalidate ?? entry.value.revalidate) : entry.cacheControl?.revalidate;
  return typeof seconds === 'number' && seconds > 0 ? seconds : null;
}

/**
 * The time to give Next for an entry marked stale, so that it serves the entry and renders it
 * again in the background: Next takes an entry to be stale once it is older than its
 * revalidate time, and only then. An entry with no revalidate time cannot be told stale that
 * way, and is a miss instead (null).
 */
function staleStamp(entry, ctx) {
  const seconds = revalidateOf(entry, ctx);
  return seconds === null ? null : Math.min(entry.lastModified, Date.now() - (seconds + 1) * 1000);
}

// When a render began is known to the get() that found nothing fresh: Next reads a key before
// it renders it (the response cache for a page, unstable_cache for a read), then stores what
// it rendered. Per key, the earliest start since it was last stored in this process: the next
// set() stamps its entry with it, which is never later than that render's own start. A set()
// with no start known (a render of the same key that finished first took it) stamps the
// earliest time there is, so that every invalidation of its tags counts against it.
const renderStarts = (globalThis.__envolveRenderStarts ??= new Map());
const MAX_RENDERS_TRACKED = 10_000;
// Next stores an entry it was given once more when rendering it again fails: it keeps its own
// render's time, not that of the render that failed.
const renderedAtOf = (globalThis.__envolveRenderedAt ??= new WeakMap());

function renderBegins(key, now) {
  if (renderStarts.has(key)) return;
  if (renderStarts.size >= MAX_RENDERS_TRACKED) renderStarts.delete(renderStarts.keys().next().value);
  renderStarts.set(key, now);
}

function renderEnds(key) {
  const since = renderStarts.get(key) ?? 0;
  renderStarts.delete(key);
  return since;
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
      const read = await store.read(key);
      // Redis out of reach: the render that follows is not kept either.
      if (!read) return null;
      const { entry, now } = read;
      if (!entry) {
        renderBegins(key, now);
        return null;
      }
      // A read also answers to the implicit tags of the page making it (ctx.softTags); Next
      // passes neither list when it reads a page, whose tags were all stored with it.
      const tags = [...new Set([...(entry.tags ?? []), ...(ctx?.tags ?? []), ...(ctx?.softTags ?? [])])];
      const renderedAt = entry.renderedAt ?? 0;
      let stale = false;
      if (tags.length > 0) {
        const marks = await store.marksOf(tags);
        if (marks.some(({ expired }) => expired !== null && expired >= renderedAt)) {
          renderBegins(key, now);
          return null;
        }
        stale = marks.some((times) => times.stale !== null && staleMarkAt(times.stale, now) >= renderedAt);
      }
      renderedAtOf.set(entry.value, renderedAt);
      // What Next is told decides alone whether it renders the entry again: its own record of
      // the tags this process invalidated knows nothing of coalescing and of render times, and
      // counts only entries older than that. An entry fresh by its tags is therefore stamped
      // now, unless its revalidate time has passed; one marked stale, past its revalidate time.
      const seconds = revalidateOf(entry, ctx);
      const aged = seconds !== null && Date.now() - entry.lastModified > seconds * 1000;
      if (stale) {
        const lastModified = staleStamp(entry, ctx);
        renderBegins(key, now);
        if (lastModified === null) return null;
        return { value: entry.value, lastModified, cacheControl: entry.cacheControl };
      }
      if (aged) renderBegins(key, now);
      // A page's revalidate time travels with it: an instance that never rendered the page
      // would otherwise take it to be stale after a second and render it again.
      return {
        value: entry.value,
        lastModified: aged ? entry.lastModified : Date.now(),
        cacheControl: entry.cacheControl,
      };
    } catch {
      return null;
    }
  }

  async set(key, data, ctx) {
    const store = this.storeFor(data?.kind);
    try {
      if (!data) return await store.remove(key);
      const started = renderEnds(key);
      // A read carries its revalidate time; a page's or route's comes in ctx.cacheControl.
      const revalidate = data.kind === 'FETCH' ? data.revalidate : ctx?.cacheControl?.revalidate;
      const ttl =
        typeof revalidate === 'number' && revalidate > 0 ? Math.min(revalidate * 2, MAX_TTL_SECONDS) : MAX_TTL_SECONDS;
      const entry = {
        value: data,
        lastModified: Date.now(),
        renderedAt: renderedAtOf.get(data) ?? started,
        tags: tagsOf(data, ctx),
        cacheControl: ctx?.cacheControl,
      };
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
    await this.shared.mark(list, how);
  }

  resetRequestCache() {}
}
