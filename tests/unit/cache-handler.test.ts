import Redis from 'ioredis';
import { startTcpProxy } from '../helpers/tcp-proxy';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import CacheHandler, { COALESCE_MS } from '../../cache-handler.mjs';

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

// The handler stamps entries with Date.now(), and in memory renders and invalidations too; the
// tests move it by hand. In Redis, renders and invalidations take Redis's time, which moves
// between one command and the next.
let now = Date.parse('2026-11-26T12:00:00Z');
const later = (ms = 1) => {
  now += ms;
};

type Handler = CacheHandler;
type Stored = Parameters<CacheHandler['set']>[1];
type StoreContext = Parameters<CacheHandler['set']>[2];
type ReadContext = Parameters<CacheHandler['get']>[1];

/**
 * What Next does with a key it has nothing fresh for: it reads it (the render begins), renders
 * it, and stores what it rendered. The render's end is returned, to be called when the test has
 * done what happens meanwhile.
 */
async function beginRender(handler: Handler, key: string, read: ReadContext) {
  later();
  await handler.get(key, read);
  return async (data: Stored, ctx?: StoreContext) => {
    later();
    await handler.set(key, data, ctx);
  };
}

/** A render with nothing happening meanwhile. */
async function render(handler: Handler, key: string, read: ReadContext, data: Stored, ctx?: StoreContext) {
  const store = await beginRender(handler, key, read);
  await store(data, ctx);
}

/** Whether Next serves an answer as it is (a HIT): not stale, and not a miss (null). */
const isFresh = (answer: Awaited<ReturnType<CacheHandler['get']>>) => answer !== null && answer.lastModified === now;

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
const memory = globalThis as { __envolveCacheMemory?: unknown; __envolveRenderStarts?: Map<string, number> };

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
  // A render one test began and never stored is no start of another's.
  memory.__envolveRenderStarts?.clear();
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
    // Every test starts with no invalidation of the one before still coming.
    if (needsRedis) await admin.flushdb();
    later(COALESCE_MS * 10);
  });

  it('serves an entry stored by one handler from another', async () => {
    await render(a, 'rows', read, fetchEntry('["one"]'), { tags: ['envolvement-lists'] });
    expect(await b.get('rows', read)).toMatchObject({ value: fetchEntry('["one"]'), lastModified: now });
  });

  it('misses everywhere once one handler invalidates a tag, and keeps what is rendered after', async () => {
    await render(a, 'count', read, fetchEntry('12'), { tags: ['envolvement-lists'] });
    await render(a, 'other', { kind: 'FETCH', tags: ['something-else'] }, fetchEntry('"kept"'), {
      tags: ['something-else'],
    });
    later();
    await b.revalidateTag('envolvement-lists');
    later();
    expect(await a.get('count', read)).toBeNull();
    expect(await b.get('count', read)).toBeNull();
    expect(await a.get('other', { kind: 'FETCH', tags: ['something-else'] })).not.toBeNull();
    // At once: a render begun after the invalidation read what the change wrote.
    await render(b, 'count', read, fetchEntry('13'), { tags: ['envolvement-lists'] });
    expect(await a.get('count', read)).toMatchObject({ value: fetchEntry('13'), lastModified: now });
  });

  it('does not serve a render that began before a change and was stored after its invalidation', async () => {
    // A page starts rendering and reads the rows; a change is made and invalidates the lists;
    // the render, done, stores what it read before the change.
    const storeWhatWasRead = await beginRender(a, '/explore/new', pageRead);
    later(40);
    await b.revalidateTag('envolvement-lists');
    later(30);
    await storeWhatWasRead(pageEntry('<html>before</html>'), pageContext);
    expect(await a.get('/explore/new', pageRead)).toBeNull();
    expect(await b.get('/explore/new', pageRead)).toBeNull();
    // However long it stays stored, it is never trusted.
    later(COALESCE_MS * 30);
    expect(await b.get('/explore/new', pageRead)).toBeNull();
    // The render that miss began started after the change: it is served.
    later();
    await a.set('/explore/new', pageEntry('<html>after</html>'), pageContext);
    expect(await b.get('/explore/new', pageRead)).toMatchObject({ value: { html: '<html>after</html>' } });
  });

  it('serves a render that began before a stale mark as stale, and one that began after as fresh', async () => {
    const key = '/route-cache/APP_PAGE/explore/$/explore/all';
    const storeWhatWasRead = await beginRender(a, key, pageRead);
    later(10);
    await b.revalidateTag('envolvement-lists', { expire: 31_536_000 });
    await storeWhatWasRead(pageEntry('<html>raced</html>'), pageContext);
    const raced = await b.get(key, pageRead);
    expect(raced).toMatchObject({ value: { html: '<html>raced</html>' } });
    expect(raced!.lastModified).toBeLessThan(now - 60_000);
    // Next renders it again behind that answer: that render began after the mark.
    later();
    await a.set(key, pageEntry('<html>after</html>'), pageContext);
    expect(await b.get(key, pageRead)).toMatchObject({ value: { html: '<html>after</html>' }, lastModified: now });
  });

  it("keeps a stale entry's render time when Next stores it again after a render fails", async () => {
    await render(a, 'rows', read, fetchEntry('["old"]'), { tags: ['envolvement-lists'] });
    later();
    await b.revalidateTag('envolvement-lists', { expire: 31_536_000 });
    later();
    const stale = await a.get('rows', read);
    // The response cache keeps the previous entry when the render behind it throws.
    later();
    await a.set('rows', stale!.value as Stored, { tags: ['envolvement-lists'] });
    expect((await b.get('rows', read))!.lastModified).toBeLessThan(now - 60_000);
  });

  it('serves a page stored by one handler from another, byte for byte, with its lifetime', async () => {
    const key = '/route-cache/APP_PAGE/explore/$/explore/all';
    await render(a, key, pageRead, pageEntry('<html>all</html>'), pageContext);
    const hit = await b.get(key, pageRead);
    expect(hit).toEqual({ value: pageEntry('<html>all</html>'), lastModified: now, ...pageContext });
    const value = hit?.value as ReturnType<typeof pageEntry>;
    expect(Buffer.isBuffer(value.rscData)).toBe(true);
    expect(value.segmentData).toBeInstanceOf(Map);
    expect([...value.segmentData.values()].every((segment) => Buffer.isBuffer(segment))).toBe(true);
  });

  it('misses a page everywhere once a tag in its header is invalidated, not one rendered after', async () => {
    const key = '/route-cache/APP_PAGE/explore/$/explore/new';
    await render(a, key, pageRead, pageEntry('<html>before</html>'), pageContext);
    later();
    await a.revalidateTag('envolvement-lists');
    later();
    expect(await b.get(key, pageRead)).toBeNull();
    expect(await a.get(key, pageRead)).toBeNull();
    later();
    await a.set(key, pageEntry('<html>after</html>'), pageContext);
    expect(await b.get(key, pageRead)).toMatchObject({ value: { html: '<html>after</html>' } });
  });

  it('misses a page when revalidatePath invalidates a tag in its header or in softTags', async () => {
    await render(a, '/explore/all', pageRead, pageEntry('<html>all</html>'), pageContext);
    later();
    // revalidatePath('/explore/all') invalidates `_N_T_/explore/all`, which the page's header holds.
    await b.revalidateTag('_N_T_/explore/all');
    expect(await a.get('/explore/all', pageRead)).toBeNull();
    // A tag the header lacks counts when the read passes it as a soft tag.
    await render(a, '/explore/soft', pageRead, pageEntry('<html>soft</html>'), pageContext);
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
    await render(a, '/feed.xml', { kind: 'APP_ROUTE' }, feed, pageContext);
    expect(await b.get('/feed.xml', { kind: 'APP_ROUTE' })).toMatchObject({ value: feed });
    later();
    await b.revalidateTag(['user:7']);
    expect(await a.get('/feed.xml', { kind: 'APP_ROUTE' })).toBeNull();
  });

  it("serves a read marked stale ('max') as stale, so Next refreshes it in the background", async () => {
    await render(a, 'rows', read, fetchEntry('["old"]'), { tags: ['envolvement-lists'] });
    later(1_000);
    await b.revalidateTag('envolvement-lists', { expire: 31_536_000 });
    later();
    const stale = await a.get('rows', read);
    // Next serves it and renders it again once it is older than its revalidate time (60 s).
    expect(stale).toMatchObject({ value: fetchEntry('["old"]') });
    expect(now - stale!.lastModified).toBeGreaterThan(60_000);
    // That render began after the mark: what it stores is fresh. An immediate expiry still ends it.
    later();
    await a.set('rows', fetchEntry('["new"]'), { tags: ['envolvement-lists'] });
    expect(await b.get('rows', read)).toMatchObject({ value: fetchEntry('["new"]'), lastModified: now });
    later();
    await b.revalidateTag('envolvement-lists', { expire: 0 });
    expect(await a.get('rows', read)).toBeNull();
  });

  it('serves a page marked stale with a time past its revalidate, and leaves other tags alone', async () => {
    const key = '/route-cache/APP_PAGE/explore/$/explore/all';
    await render(a, key, pageRead, pageEntry('<html>all</html>'), pageContext);
    await render(a, 'other', { kind: 'FETCH', tags: ['user:3'] }, fetchEntry('"kept"'), { tags: ['user:3'] });
    later(10);
    await b.revalidateTag(['envolvement-lists'], { expire: 31_536_000 });
    const stale = await a.get(key, pageRead);
    expect(stale).toMatchObject({ value: { html: '<html>all</html>' }, cacheControl: pageContext.cacheControl });
    expect(stale!.lastModified).toBeLessThan(now - 60_000);
    expect(await a.get('other', { kind: 'FETCH', tags: ['user:3'] })).toMatchObject({ lastModified: now });
  });

  it('misses an entry marked stale when it has no revalidate time to be stale by', async () => {
    await render(a, '/forever', pageRead, pageEntry('<html>x</html>'), { cacheControl: { revalidate: false } });
    later();
    await b.revalidateTag('envolvement-lists', { expire: 31_536_000 });
    expect(await a.get('/forever', pageRead)).toBeNull();
  });

  it('tells Next an entry is fresh until its revalidate time has passed, then when it was stored', async () => {
    await render(a, 'rows', read, fetchEntry('[]'), { tags: ['envolvement-lists'] });
    const stored = now;
    // Fresh: stamped now, so that Next's own record of the tags this process invalidated, which
    // knows neither coalescing nor render times, finds nothing newer than it.
    later(59_000);
    expect(await b.get('rows', read)).toMatchObject({ lastModified: now });
    later(2_000);
    expect(await b.get('rows', read)).toMatchObject({ lastModified: stored });
    // Next renders it again behind that answer, and that render is fresh.
    later();
    await b.set('rows', fetchEntry('[1]'), { tags: ['envolvement-lists'] });
    expect(isFresh(await a.get('rows', read))).toBe(true);
  });

  it('takes the stale mark of edits made within COALESCE_MS of the last as one, on every instance', async () => {
    await render(a, 'rows', read, fetchEntry('[0]'), { tags: ['envolvement-lists'] });
    later();
    await a.revalidateTag('envolvement-lists', { expire: 31_536_000 });
    later();
    expect(isFresh(await b.get('rows', read))).toBe(false);
    await b.set('rows', fetchEntry('[1]'), { tags: ['envolvement-lists'] });
    // A second edit through another instance, within the window: what was rendered after the
    // first stays fresh for now.
    later();
    await b.revalidateTag('envolvement-lists', { expire: 31_536_000 });
    expect(isFresh(await a.get('rows', read))).toBe(true);
  });

  it('forgets an entry that Next stores as nothing', async () => {
    const legacy = { kind: 'PAGES', html: '<p>x</p>', pageData: {}, status: 200 };
    await render(a, '/old', { kind: 'PAGES' }, legacy);
    expect(await b.get('/old', { kind: 'PAGES' })).toMatchObject({ value: legacy });
    await a.set('/old', null);
    expect(await b.get('/old', { kind: 'PAGES' })).toBeNull();
  });
});

describe('the cache handler coalescing stale marks', () => {
  it('renders a list again at most once per COALESCE_MS while edits arrive, and shows the last within one', async () => {
    const [a, b] = inMemory();
    later(COALESCE_MS * 10);
    await render(a, 'rows', read, fetchEntry('[0]'), { tags: ['envolvement-lists'] });
    // A visitor every 10 ms for 3 s, whose answer, when not fresh, has the list rendered again
    // with what was written by then; and 16 edits, one every 100 ms through either instance,
    // each marking the lists stale.
    const edits = 16;
    const firstEdit = now + 100;
    const editedAt: number[] = [];
    const renders: number[] = [];
    let lastShownAt = 0;
    for (let step = 0; step < 300; step++) {
      later(10);
      const answer = await b.get('rows', read);
      if (!lastShownAt && isFresh(answer) && JSON.stringify(answer!.value).includes(`[${edits}]`)) lastShownAt = now;
      if (!isFresh(answer)) {
        renders.push(now);
        await render(a, 'rows', read, fetchEntry(`[${editedAt.length}]`), { tags: ['envolvement-lists'] });
      }
      later(5);
      if (editedAt.length < edits && now >= firstEdit + editedAt.length * 100) {
        editedAt.push(now);
        await (editedAt.length % 2 ? a : b).revalidateTag('envolvement-lists', { expire: 31_536_000 });
      }
    }
    // The first edit is rendered at the next visit; the 15 after it, in two renders a window apart.
    expect(renders).toHaveLength(3);
    renders.forEach((at, i) => {
      expect(at - editedAt[0]!).toBeGreaterThanOrEqual(i * COALESCE_MS);
      expect(at - editedAt[0]!).toBeLessThan(i * COALESCE_MS + 20);
    });
    // The last edit shows within a window of being made.
    expect(lastShownAt - editedAt[edits - 1]!).toBeGreaterThan(0);
    expect(lastShownAt - editedAt[edits - 1]!).toBeLessThanOrEqual(COALESCE_MS);
  });
});

describe('the cache handler in Redis', () => {
  beforeEach(({ skip }) => {
    if (!reachable) skip();
  });

  /** Redis's clock, in ms, as the handler reads it. */
  const redisNow = async () => {
    const [seconds, micros] = await admin.time();
    return Number(seconds) * 1000 + Number(micros) / 1000;
  };

  it('keeps a page for twice its revalidate time, and an entry without one for a day', async () => {
    const [a] = await inRedis();
    await a.set('/kept', pageEntry('<html>kept</html>'), pageContext);
    expect(await admin.ttl('envolve:cache:/kept')).toBeGreaterThan(100);
    expect(await admin.ttl('envolve:cache:/kept')).toBeLessThanOrEqual(120);
    await a.set('/static', pageEntry('<html>static</html>'), { cacheControl: { revalidate: false } });
    expect(await admin.ttl('envolve:cache:/static')).toBeGreaterThan(86_000);
    expect(await admin.ttl('envolve:cache:/static')).toBeLessThanOrEqual(86_400);
  });

  it("records an expiry at Redis's time, and keeps it only as long as an entry it concerns may live", async () => {
    const [a] = await inRedis();
    const before = await redisNow();
    await a.revalidateTag('user:9');
    const at = Number(await admin.get('envolve:tag:user:9'));
    expect(at).toBeGreaterThan(before);
    expect(at).toBeLessThan(await redisNow());
    const ttl = await admin.pttl('envolve:tag:user:9');
    expect(ttl).toBeGreaterThan(86_400_000);
    expect(ttl).toBeLessThanOrEqual(86_400_000 + COALESCE_MS);
  });

  it('puts a stale mark made within COALESCE_MS of the last off until then, and one made later not', async () => {
    const [a, b] = await inRedis();
    const marks = async () => (await admin.get('envolve:stale:lists-of-test'))!.split(' ').map(Number);
    await admin.del('envolve:stale:lists-of-test');
    await a.revalidateTag('lists-of-test', { expire: 31_536_000 });
    const [, first] = await marks();
    await b.revalidateTag('lists-of-test', { expire: 31_536_000 });
    const deferred = await marks();
    expect(deferred[0]).toBe(first);
    expect(deferred[1]).toBeCloseTo(first! + COALESCE_MS, 2);
    // Any edit before that time is covered by it.
    await a.revalidateTag('lists-of-test', { expire: 31_536_000 });
    expect(await marks()).toEqual(deferred);
    // A mark long after the last takes effect at once.
    const longAgo = first! - 10 * COALESCE_MS;
    await admin.set('envolve:stale:lists-of-test', `${longAgo} ${longAgo}`);
    const before = await redisNow();
    await b.revalidateTag('lists-of-test', { expire: 31_536_000 });
    const [kept, latest] = await marks();
    expect(kept).toBeCloseTo(longAgo, 2);
    expect(latest).toBeGreaterThan(before);
    expect(latest).toBeLessThan(await redisNow());
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
      await render(handler, 'frozen-page', pageRead, pageEntry('<html>kept</html>'), pageContext);
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
    await render(a, 'rows', read, fetchEntry('[]'), { tags: ['envolvement-lists'] });
    later(119_000);
    expect(await a.get('rows', read)).not.toBeNull();
    later(2_000);
    expect(await a.get('rows', read)).toBeNull();
  });

  it('forgets tag times once no entry they concern can be alive', async () => {
    const [a] = inMemory();
    const times = (a as unknown as { memory: { expired: Map<string, number> } }).memory.expired;
    await a.revalidateTag('user:1');
    later(60_000);
    await a.revalidateTag(['user:2', 'user:1']);
    later(24 * 60 * 60 * 1000 - 60_000 + COALESCE_MS + 1);
    await a.revalidateTag('user:3');
    expect([...times.keys()]).toEqual(['user:2', 'user:1', 'user:3']);
    later(60_000);
    await a.revalidateTag('user:4');
    expect([...times.keys()]).toEqual(['user:3', 'user:4']);
  });
});
