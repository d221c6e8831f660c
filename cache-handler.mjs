// Next's data cache shared by every instance through Redis (next.config.ts uses it when
// REDIS_URL is set). Cached reads (`unstable_cache`, kind FETCH) live in Redis with the tags
// they were stored under; `revalidateTag` on any instance records when each tag was
// invalidated, and an entry stored before that is a miss everywhere. What the build itself
// produced (static routes and images: the same on every instance) stays in this process.
import Redis from 'ioredis';

const PREFIX = 'envolve:cache:';
const TAG_TIMES = `${PREFIX}tags`;
/** How long an entry with no revalidation time of its own is kept. */
const DEFAULT_TTL_SECONDS = 24 * 60 * 60;

// Next makes a handler for every request: they share one connection per Redis address,
// and one store in this process for what the build made.
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

export default class CacheHandler {
  constructor() {
    this.local = local;
    this.redis = clientFor(process.env.REDIS_URL);
  }

  async get(key, ctx) {
    if (ctx?.kind !== 'FETCH') return this.local.get(key) ?? null;
    if (!(await ready(this.redis))) return null;
    try {
      const stored = await this.redis.get(PREFIX + key);
      if (!stored) return null;
      const entry = JSON.parse(stored);
      const tags = [...new Set([...entry.tags, ...(ctx.tags ?? []), ...(ctx.softTags ?? [])])];
      if (tags.length > 0) {
        const invalidated = await this.redis.hmget(TAG_TIMES, ...tags);
        if (invalidated.some((time) => time !== null && Number(time) >= entry.lastModified)) return null;
      }
      return { value: entry.value, lastModified: entry.lastModified };
    } catch {
      return null;
    }
  }

  async set(key, data, ctx) {
    if (data?.kind !== 'FETCH') {
      if (data) this.local.set(key, { value: data, lastModified: Date.now() });
      else this.local.delete(key);
      return;
    }
    const ttl = typeof data.revalidate === 'number' && data.revalidate > 0 ? data.revalidate * 2 : DEFAULT_TTL_SECONDS;
    const entry = { value: data, lastModified: Date.now(), tags: ctx?.tags ?? [] };
    if (!(await ready(this.redis))) return;
    try {
      await this.redis.set(PREFIX + key, JSON.stringify(entry), 'EX', ttl);
    } catch {
      // Not kept: the next read computes it again.
    }
  }

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
