import Redis from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import CacheHandler from '../../cache-handler.mjs';

// Handlers sharing one Redis, as app instances behind a load balancer do: what one stores
// or invalidates there, every other reads.
const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/7';
const fetchEntry = (body: string) => ({ kind: 'FETCH', data: { headers: {}, body, status: 200 }, revalidate: 60 });
const read = { kind: 'FETCH', tags: ['envolvement-lists'] };

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

  it('keeps what the build made (pages, routes, images) in the process, not in Redis', async ({ skip }) => {
    if (!reachable) skip();
    const [a] = instances as [CacheHandler, CacheHandler];
    await a.set('/icon.svg', { kind: 'APP_ROUTE', body: Buffer.from('<svg/>') });
    expect(await a.get('/icon.svg', { kind: 'APP_ROUTE' })).toMatchObject({ value: { kind: 'APP_ROUTE' } });
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
