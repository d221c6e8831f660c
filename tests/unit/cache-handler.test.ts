import Redis from 'ioredis';
import { startTcpProxy } from '../helpers/tcp-proxy';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import CacheHandler, { SETTLE_MS } from '../../cache-handler.mjs';

// Handlers sharing one store, as app instances behind a load balancer share Redis, and as the
// handlers Next makes for each request of one instance share its memory: what one stores or
// invalidates there, every other reads.
const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/7';
const fetchEntry = (body: string) => ({ kind: 'FETCH', data: { headers: {}, body, status: 200 }, revalidate: 60 });
const read = { kind: 'FETCH', tags: ['envolvement-lists'] };
// An ISR page as Next stores it: its tags (explicit and implicit) in a header, a header with
// several values, and bytes that are not text (0xff, 0xfe) in its RSC payload and segments,
// so a lossy copy would show.
const pageEntry = (html: string) => ({
  kind: 'APP_PAGE',
  html,
  rscData: Buffer.from([0x30, 0x3a, 0xff, 0xfe, 0x00, 0x80]),
  segmentData: new Map([
    ['/_tree', Buffer.from([0x7b, 0xff, 0x7d])],
    ['/_full', Buffer.from([0x00, 0xfe, 0x01])],
  ]),
  headers: {
    'x-next-cache-tags':
      'envolvement-lists,_N_T_/layout,_N_T_/explore/layout,_N_T_/explore/[key]/page,_N_T_/explore/all',
    'x-next-cache-extra': ['a', 'b'],
  },
  status: 200,
  postponed: undefined,
});
// What Next passes when it stores a page, and when it reads one: no tags in either.
const pageContext = { cacheControl: { revalidate: 60, expire: 31_536_000 } };
const pageRead = { kind: 'APP_PAGE' };

// The handler stamps entries and invalidations with Date.now(); the tests move it by hand.
let now = Date.parse('2026-11-26T12:00:00Z');
const later = (ms = 1) => {
  now += ms;
};
/** Past the time an entry stored after an invalidation is still distrusted. */
const settled = () => later(SETTLE_MS + 1);

let admin: Redis;
let reachable = false;
const savedUrl = process.env.REDIS_URL;
/**
 * Puts REDIS_URL back as it was. Assigning undefined to process.env stores the text
 * "undefined", which later files sharing this worker took for a Redis address.
 */
function restoreRedisUrl(): void {
  if (savedUrl === undefined) delete process.env.REDIS_URL;
  else process.env.REDIS_URL = savedUrl;
}
const memory = globalThis as { __envolveCacheMemory?: unknown };

beforeAll(async () => {
  admin = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0 });
  reachable = await admin.connect().then(
    () => true,
    () => false,
  );
  // CI always has a Redis server; a machine without one skips the Redis tests and says so.
  if (!reachable && process.env.CI) throw new Error(`No Redis server at ${url}`);
  if (reachable) await admin.flushdb();
});

afterAll(async () => {
  restoreRedisUrl();
  if (reachable) await admin.flushdb();
  admin.disconnect();
});

beforeEach(() => {
  vi.spyOn(Date, 'now').mockImplementation(() => now);
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** Two handlers over a fresh store of this process, as Next makes them, with its options. */
function inMemory(options: { maxMemoryCacheSize?: number } = {}): [CacheHandler, CacheHandler] {
  delete memory.__envolveCacheMemory;
  delete process.env.REDIS_URL;
  const handlers: [CacheHandler, CacheHandler] = [new CacheHandler(options), new CacheHandler(options)];
  restoreRedisUrl();
  return handlers;
}

/** Two handlers over Redis, as two instances, once their shared connection is up. */
async function inRedis(): Promise<[CacheHandler, CacheHandler]> {
  process.env.REDIS_URL = url;
  const handlers: [CacheHandler, CacheHandler] = [new CacheHandler(), new CacheHandler()];
  restoreRedisUrl();
  const shared = handlers[0].redis!;
  if (shared.status !== 'ready') await new Promise((ready) => shared.once('ready', ready));
  return handlers;
}

describe.each([
  { store: 'in memory', make: async () => inMemory(), needsRedis: false },
  { store: 'in Redis', make: inRedis, needsRedis: true },
])('the cache handler $store', ({ make, needsRedis }) => {
  let a: CacheHandler;
  let b: CacheHandler;

  beforeEach(async ({ skip }) => {
    if (needsRedis && !reachable) skip();
    [a, b] = await make();
    // Every test starts well clear of the invalidations of the one before.
    later(SETTLE_MS * 10);
  });

  it('serves an entry stored by one handler from another', async () => {
    await a.set('rows', fetchEntry('["one"]'), { tags: ['envolvement-lists'] });
    expect(await b.get('rows', read)).toMatchObject({ value: fetchEntry('["one"]'), lastModified: now });
  });

  it('misses everywhere once one handler invalidates a tag, and keeps what is stored after', async () => {
    await a.set('count', fetchEntry('12'), { tags: ['envolvement-lists'] });
    await a.set('other', fetchEntry('"kept"'), { tags: ['something-else'] });
    later();
    await b.revalidateTag('envolvement-lists');
    expect(await a.get('count', read)).toBeNull();
    expect(await b.get('count', read)).toBeNull();
    expect(await a.get('other', { kind: 'FETCH', tags: ['something-else'] })).not.toBeNull();
    settled();
    await b.set('count', fetchEntry('13'), { tags: ['envolvement-lists'] });
    expect(await a.get('count', read)).toMatchObject({ value: fetchEntry('13') });
  });

  it('does not serve a render that began before a change and was stored after its invalidation', async () => {
    // A page starts rendering and reads the rows; a change is made and invalidates the lists;
    // the render, done, stores what it read before the change.
    const readBeforeTheChange = pageEntry('<html>before</html>');
    later(40);
    await b.revalidateTag('envolvement-lists');
    later(30);
    await a.set('/explore/new', readBeforeTheChange, pageContext);
    expect(await a.get('/explore/new', pageRead)).toBeNull();
    expect(await b.get('/explore/new', pageRead)).toBeNull();
    // Still not served at the end of the window: it is never trusted, however long it is kept.
    later(SETTLE_MS - 31);
    expect(await b.get('/explore/new', pageRead)).toBeNull();
    // A render stored once the window has passed began after the change, or read it.
    later(2);
    await a.set('/explore/new', pageEntry('<html>after</html>'), pageContext);
    expect(await b.get('/explore/new', pageRead)).toMatchObject({ value: { html: '<html>after</html>' } });
  });

  it('serves a page stored by one handler from another, byte for byte, with its lifetime', async () => {
    const key = '/route-cache/APP_PAGE/explore/$/explore/all';
    await a.set(key, pageEntry('<html>all</html>'), pageContext);
    const hit = await b.get(key, pageRead);
    expect(hit).toEqual({ value: pageEntry('<html>all</html>'), lastModified: now, ...pageContext });
    const value = hit?.value as ReturnType<typeof pageEntry>;
    expect(Buffer.isBuffer(value.rscData)).toBe(true);
    expect(value.segmentData).toBeInstanceOf(Map);
    expect([...value.segmentData.values()].every((segment) => Buffer.isBuffer(segment))).toBe(true);
  });

  it('misses a page everywhere once a tag in its header is invalidated, not one stored after', async () => {
    const key = '/route-cache/APP_PAGE/explore/$/explore/new';
    await a.set(key, pageEntry('<html>before</html>'), pageContext);
    later();
    await a.revalidateTag('envolvement-lists');
    expect(await b.get(key, pageRead)).toBeNull();
    expect(await a.get(key, pageRead)).toBeNull();
    settled();
    await a.set(key, pageEntry('<html>after</html>'), pageContext);
    expect(await b.get(key, pageRead)).toMatchObject({ value: { html: '<html>after</html>' } });
  });

  it('misses a page when revalidatePath invalidates a tag in its header or in softTags', async () => {
    await a.set('/explore/all', pageEntry('<html>all</html>'), pageContext);
    later();
    // revalidatePath('/explore/all') invalidates `_N_T_/explore/all`, which the page's header holds.
    await b.revalidateTag('_N_T_/explore/all');
    expect(await a.get('/explore/all', pageRead)).toBeNull();
    // A tag the header lacks counts when the read passes it as a soft tag.
    settled();
    await a.set('/explore/soft', pageEntry('<html>soft</html>'), pageContext);
    later();
    await b.revalidateTag('_N_T_/explore/soft');
    expect(await a.get('/explore/soft', pageRead)).not.toBeNull();
    expect(await a.get('/explore/soft', { ...pageRead, softTags: ['_N_T_/explore/soft'] })).toBeNull();
  });

  it("shares a route handler's body and drops it with its tags", async () => {
    const feed = {
      kind: 'APP_ROUTE',
      body: Buffer.from([0xff, 0x00, 0xfe]),
      status: 200,
      headers: { 'x-next-cache-tags': 'user:7' },
    };
    await a.set('/feed.xml', feed, pageContext);
    expect(await b.get('/feed.xml', { kind: 'APP_ROUTE' })).toMatchObject({ value: feed });
    later();
    await b.revalidateTag(['user:7']);
    expect(await a.get('/feed.xml', { kind: 'APP_ROUTE' })).toBeNull();
  });

  it("serves a read marked stale ('max') as stale, so Next refreshes it in the background", async () => {
    await a.set('rows', fetchEntry('["old"]'), { tags: ['envolvement-lists'] });
    later(1_000);
    await b.revalidateTag('envolvement-lists', { expire: 31_536_000 });
    const stale = await a.get('rows', read);
    // Next serves it and renders it again once it is older than its revalidate time (60 s).
    expect(stale).toMatchObject({ value: fetchEntry('["old"]') });
    expect(now - stale!.lastModified).toBeGreaterThan(60_000);
    // What is stored once the change has settled is fresh again; an immediate expiry still ends it.
    settled();
    await a.set('rows', fetchEntry('["new"]'), { tags: ['envolvement-lists'] });
    expect(await b.get('rows', read)).toMatchObject({ value: fetchEntry('["new"]'), lastModified: now });
    later();
    await b.revalidateTag('envolvement-lists', { expire: 0 });
    expect(await a.get('rows', read)).toBeNull();
  });

  it('serves a page marked stale with a time past its revalidate, and leaves other tags alone', async () => {
    const key = '/route-cache/APP_PAGE/explore/$/explore/all';
    await a.set(key, pageEntry('<html>all</html>'), pageContext);
    await a.set('other', fetchEntry('"kept"'), { tags: ['user:3'] });
    later(10);
    await b.revalidateTag(['envolvement-lists'], { expire: 31_536_000 });
    const stale = await a.get(key, pageRead);
    expect(stale).toMatchObject({ value: { html: '<html>all</html>' }, cacheControl: pageContext.cacheControl });
    expect(stale!.lastModified).toBeLessThan(now - 60_000);
    expect(await a.get('other', { kind: 'FETCH', tags: ['user:3'] })).toMatchObject({ lastModified: now - 10 });
    // A render that began before the mark and is stored just after it is still stale.
    later(SETTLE_MS - 20);
    await a.set(key, pageEntry('<html>raced</html>'), pageContext);
    expect((await b.get(key, pageRead))!.lastModified).toBeLessThan(now - 60_000);
  });

  it('misses an entry marked stale when it has no revalidate time to be stale by', async () => {
    await a.set('/forever', pageEntry('<html>x</html>'), { cacheControl: { revalidate: false } });
    later();
    await b.revalidateTag('envolvement-lists', { expire: 31_536_000 });
    expect(await a.get('/forever', pageRead)).toBeNull();
  });

  it('forgets an entry that Next stores as nothing', async () => {
    const legacy = { kind: 'PAGES', html: '<p>x</p>', pageData: {}, status: 200 };
    await a.set('/old', legacy);
    expect(await b.get('/old', { kind: 'PAGES' })).toMatchObject({ value: legacy });
    await a.set('/old', null);
    expect(await b.get('/old', { kind: 'PAGES' })).toBeNull();
  });
});

describe('the cache handler in Redis', () => {
  beforeEach(({ skip }) => {
    if (!reachable) skip();
  });

  it('keeps a page for twice its revalidate time, and an entry without one for a day', async () => {
    const [a] = await inRedis();
    await a.set('/kept', pageEntry('<html>kept</html>'), pageContext);
    expect(await admin.ttl('envolve:cache:/kept')).toBeGreaterThan(100);
    expect(await admin.ttl('envolve:cache:/kept')).toBeLessThanOrEqual(120);
    await a.set('/static', pageEntry('<html>static</html>'), { cacheControl: { revalidate: false } });
    expect(await admin.ttl('envolve:cache:/static')).toBeGreaterThan(86_000);
    expect(await admin.ttl('envolve:cache:/static')).toBeLessThanOrEqual(86_400);
  });

  it('keeps a tag time only as long as an entry it concerns may live', async () => {
    const [a] = await inRedis();
    await a.revalidateTag('user:9');
    expect(Number(await admin.get('envolve:tag:user:9'))).toBe(now);
    const ttl = await admin.pttl('envolve:tag:user:9');
    expect(ttl).toBeGreaterThan(86_400_000);
    expect(ttl).toBeLessThanOrEqual(86_400_000 + SETTLE_MS);
  });

  it('keeps kinds other than reads, pages and routes in the process, not in Redis', async () => {
    const [a, b] = await inRedis();
    const legacy = { kind: 'PAGES', html: '<p>local</p>', pageData: {}, status: 200 };
    await a.set('local-key', legacy);
    expect(await b.get('local-key', { kind: 'PAGES' })).toMatchObject({ value: legacy });
    expect(await admin.keys('*local-key*')).toEqual([]);
  });

  it('shares one connection between the handlers Next makes for each request', async () => {
    const [a, b] = await inRedis();
    expect(a.redis).toBe(b.redis);
  });

  it('answers a miss, not an error, when Redis does not answer, and reports a lost invalidation', async () => {
    process.env.REDIS_URL = 'redis://127.0.0.1:1/0';
    const away = new CacheHandler();
    restoreRedisUrl();
    await expect(away.set('rows', fetchEntry('[]'), { tags: [] })).resolves.toBeUndefined();
    await expect(away.get('rows', read)).resolves.toBeNull();
    await expect(away.revalidateTag('envolvement-lists')).rejects.toThrow(/invalidation of envolvement-lists is lost/);
    away.redis!.disconnect();
  });
});

describe('the cache handler when Redis stops answering', () => {
  beforeEach(({ skip }) => {
    if (!reachable) skip();
  });

  it('answers a miss within half a second from a connection that froze, so the page is rendered', async () => {
    const target = new URL(url);
    const relay = await startTcpProxy(Number(target.port || 6379), target.hostname);
    target.host = `127.0.0.1:${relay.port}`;
    process.env.REDIS_URL = target.toString();
    const handler = new CacheHandler();
    restoreRedisUrl();
    try {
      const redis = handler.redis!;
      if (redis.status !== 'ready') await new Promise((ready) => redis.once('ready', ready));
      await handler.set('frozen-page', pageEntry('<html>kept</html>'), pageContext);
      expect(await handler.get('frozen-page', pageRead)).not.toBeNull();
      relay.freeze();
      vi.restoreAllMocks();
      const started = performance.now();
      expect(await handler.get('frozen-page', pageRead)).toBeNull();
      await expect(handler.set('other-page', pageEntry('<html>new</html>'), pageContext)).resolves.toBeUndefined();
      // The bound the page waits: a command gives up after COMMAND_TIMEOUT_MS (300), twice at most.
      expect(performance.now() - started).toBeLessThan(1_000);
      await expect(handler.revalidateTag('envolvement-lists')).rejects.toThrow();
    } finally {
      relay.restore();
      handler.redis!.disconnect();
      await relay.close();
    }
  });
});

describe('the cache handler in memory', () => {
  it('holds no more than cacheMaxMemorySize, dropping the entry read least recently', async () => {
    const [a] = inMemory({ maxMemoryCacheSize: 2_500 });
    const page = (html: string) => ({ ...pageEntry(html.padEnd(1_000, '.')), segmentData: new Map() });
    await a.set('/one', page('one'), pageContext);
    await a.set('/two', page('two'), pageContext);
    expect(await a.get('/one', pageRead)).not.toBeNull();
    await a.set('/three', page('three'), pageContext);
    expect(await a.get('/two', pageRead)).toBeNull();
    expect(await a.get('/one', pageRead)).not.toBeNull();
    expect(await a.get('/three', pageRead)).not.toBeNull();
  });

  it('keeps nothing when cacheMaxMemorySize is 0, and still answers', async () => {
    const [a] = inMemory({ maxMemoryCacheSize: 0 });
    await a.set('/one', pageEntry('<html>one</html>'), pageContext);
    expect(await a.get('/one', pageRead)).toBeNull();
    await expect(a.revalidateTag('envolvement-lists')).resolves.toBeUndefined();
  });

  it('drops an entry once its revalidate time has passed twice', async () => {
    const [a] = inMemory();
    await a.set('rows', fetchEntry('[]'), { tags: ['envolvement-lists'] });
    later(119_000);
    expect(await a.get('rows', read)).not.toBeNull();
    later(2_000);
    expect(await a.get('rows', read)).toBeNull();
  });

  it('forgets tag times once no entry they concern can be alive', async () => {
    const [a] = inMemory();
    const times = (a as unknown as { memory: { tagTimes: { expired: Map<string, number> } } }).memory.tagTimes.expired;
    await a.revalidateTag('user:1');
    later(60_000);
    await a.revalidateTag(['user:2', 'user:1']);
    later(24 * 60 * 60 * 1000 - 60_000 + SETTLE_MS + 1);
    await a.revalidateTag('user:3');
    expect([...times.keys()]).toEqual(['user:2', 'user:1', 'user:3']);
    later(60_000);
    await a.revalidateTag('user:4');
    expect([...times.keys()]).toEqual(['user:3', 'user:4']);
  });
});
