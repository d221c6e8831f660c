import Redis from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import CacheHandler from '../../cache-handler.mjs';

// Handlers sharing one Redis, as app instances behind a load balancer do: what one stores
// or invalidates there, every other reads.
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
const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

let admin: Redis;
let reachable = false;
const instances: CacheHandler[] = [];
const saved = process.env.REDIS_URL;

beforeAll(async () => {
  admin = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0 });
  reachable = await admin.connect().then(
    () => true,
    () => false,
  );
  // CI always has a Redis server; a machine without one skips these tests and says so.
  if (!reachable && process.env.CI) throw new Error(`No Redis server at ${url}`);
  if (!reachable) return;
  await admin.flushdb();
  process.env.REDIS_URL = url;
  instances.push(new CacheHandler(), new CacheHandler());
  // A handler answers misses until its connection is up; the tests start once it is.
  const { redis: shared } = instances[0]!;
  if (shared.status !== 'ready') await new Promise((ready) => shared.once('ready', ready));
});

afterAll(async () => {
  process.env.REDIS_URL = saved;
  for (const { redis } of instances) redis.disconnect();
  if (reachable) await admin.flushdb();
  admin.disconnect();
});

describe('the shared cache handler', () => {
  it('serves an entry stored by one instance from another', async ({ skip }) => {
    if (!reachable) skip();
    const [a, b] = instances as [CacheHandler, CacheHandler];
    await a.set('rows', fetchEntry('["one"]'), { tags: ['envolvement-lists'] });
    expect(await b.get('rows', read)).toMatchObject({ value: fetchEntry('["one"]') });
  });

  it('misses everywhere once one instance invalidates a tag, and keeps what is stored after', async ({ skip }) => {
    if (!reachable) skip();
    const [a, b] = instances as [CacheHandler, CacheHandler];
    await a.set('count', fetchEntry('12'), { tags: ['envolvement-lists'] });
    await a.set('other', fetchEntry('"kept"'), { tags: ['something-else'] });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await b.revalidateTag('envolvement-lists');
    expect(await a.get('count', read)).toBeNull();
    expect(await b.get('count', read)).toBeNull();
    expect(await a.get('other', { kind: 'FETCH', tags: ['something-else'] })).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await b.set('count', fetchEntry('13'), { tags: ['envolvement-lists'] });
    expect(await a.get('count', read)).toMatchObject({ value: fetchEntry('13') });
  });

  it('serves a page stored by one instance from another, byte for byte, with its lifetime', async ({ skip }) => {
    if (!reachable) skip();
    const [a, b] = instances as [CacheHandler, CacheHandler];
    const key = '/route-cache/APP_PAGE/explore/$/explore/all';
    await a.set(key, pageEntry('<html>all</html>'), pageContext);
    const hit = await b.get(key, pageRead);
    expect(hit).toEqual({ value: pageEntry('<html>all</html>'), lastModified: expect.any(Number), ...pageContext });
    const value = hit?.value as ReturnType<typeof pageEntry>;
    expect(Buffer.isBuffer(value.rscData)).toBe(true);
    expect(value.segmentData).toBeInstanceOf(Map);
    expect([...value.segmentData.values()].every((segment) => Buffer.isBuffer(segment))).toBe(true);
    // Kept for twice its revalidate time, as a cached read is.
    expect(await admin.ttl(`envolve:cache:${key}`)).toBeGreaterThan(100);
    expect(await admin.ttl(`envolve:cache:${key}`)).toBeLessThanOrEqual(120);
  });

  it('misses a page everywhere once a tag in its header is invalidated, not one stored after', async ({ skip }) => {
    if (!reachable) skip();
    const [a, b] = instances as [CacheHandler, CacheHandler];
    const key = '/route-cache/APP_PAGE/explore/$/explore/new';
    await a.set(key, pageEntry('<html>before</html>'), pageContext);
    await pause();
    await a.revalidateTag('envolvement-lists');
    expect(await b.get(key, pageRead)).toBeNull();
    expect(await a.get(key, pageRead)).toBeNull();
    await pause();
    await a.set(key, pageEntry('<html>after</html>'), pageContext);
    expect(await b.get(key, pageRead)).toMatchObject({ value: { html: '<html>after</html>' } });
  });

  it('misses a page when revalidatePath invalidates a tag in its header or in softTags', async ({ skip }) => {
    if (!reachable) skip();
    const [a, b] = instances as [CacheHandler, CacheHandler];
    await a.set('/explore/all', pageEntry('<html>all</html>'), pageContext);
    await pause();
    // revalidatePath('/explore/all') invalidates `_N_T_/explore/all`, which the page's header holds.
    await b.revalidateTag('_N_T_/explore/all');
    expect(await a.get('/explore/all', pageRead)).toBeNull();
    // A tag the header lacks counts when the read passes it as a soft tag.
    await pause();
    await a.set('/explore/soft', pageEntry('<html>soft</html>'), pageContext);
    await pause();
    await b.revalidateTag('_N_T_/explore/soft');
    expect(await a.get('/explore/soft', pageRead)).not.toBeNull();
    expect(await a.get('/explore/soft', { ...pageRead, softTags: ['_N_T_/explore/soft'] })).toBeNull();
  });

  it("shares a route handler's body and drops it with its tags", async ({ skip }) => {
    if (!reachable) skip();
    const [a, b] = instances as [CacheHandler, CacheHandler];
    const feed = {
      kind: 'APP_ROUTE',
      body: Buffer.from([0xff, 0x00, 0xfe]),
      status: 200,
      headers: { 'x-next-cache-tags': 'user:7' },
    };
    await a.set('/feed.xml', feed, pageContext);
    expect(await b.get('/feed.xml', { kind: 'APP_ROUTE' })).toMatchObject({ value: feed });
    await pause();
    await b.revalidateTag(['user:7']);
    expect(await a.get('/feed.xml', { kind: 'APP_ROUTE' })).toBeNull();
  });

  it('keeps images in the process, not in Redis', async ({ skip }) => {
    if (!reachable) skip();
    const [a, b] = instances as [CacheHandler, CacheHandler];
    const image = { kind: 'IMAGE', etag: 'e1', upstreamEtag: 'u1', buffer: Buffer.from('<svg/>'), extension: 'svg' };
    await a.set('icon-key', image);
    expect(await b.get('icon-key', { kind: 'IMAGE' })).toMatchObject({ value: image });
    expect(await admin.keys('*icon*')).toEqual([]);
  });

  it('shares one connection between the handlers Next makes for each request', async ({ skip }) => {
    if (!reachable) skip();
    const [a, b] = instances as [CacheHandler, CacheHandler];
    expect(a.redis).toBe(b.redis);
  });

  it('answers a miss, not an error, when Redis does not answer', async ({ skip }) => {
    if (!reachable) skip();
    const saved = process.env.REDIS_URL;
    process.env.REDIS_URL = 'redis://127.0.0.1:1/0';
    const away = new CacheHandler();
    process.env.REDIS_URL = saved;
    await expect(away.set('rows', fetchEntry('[]'), { tags: [] })).resolves.toBeUndefined();
    await expect(away.get('rows', read)).resolves.toBeNull();
    away.redis.disconnect();
  });
});
