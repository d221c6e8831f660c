import { afterEach, describe, expect, it, vi } from 'vitest';
import { setDatabaseHandle, type DatabaseHandle } from '@/lib/db/client';
import { useTestDatabase } from '../helpers/db';
import { call } from '../helpers/http';

const database = useTestDatabase();

// A database that fails whatever reaches for it. Which pool it has may be read: the outage
// watch keys a server by its pool (lib/db/outage.ts), which asks the server nothing.
const unreachable = new Proxy({} as DatabaseHandle, {
  get: (_target, key) => {
    if (key === 'pool') return undefined;
    throw new Error('The database was used');
  },
});

describe('GET /api/bench/floor', () => {
  afterEach(() => setDatabaseHandle(database.handle()));

  it('is a 404 without BENCH_FLOOR=1, decided before the database is reached', async () => {
    setDatabaseHandle(unreachable);
    for (const value of [undefined, '', '0', 'true']) {
      vi.stubEnv('BENCH_FLOOR', value);
      const res = await call('GET', '/api/bench/floor');
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Not found', code: 'not_found' });
    }
  });

  it('answers 200 with BENCH_FLOOR=1', async () => {
    vi.stubEnv('BENCH_FLOOR', '1');
    const res = await call('GET', '/api/bench/floor');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
  });

  it('makes its round trip to the database with BENCH_FLOOR=1', async () => {
    vi.stubEnv('BENCH_FLOOR', '1');
    setDatabaseHandle(unreachable);
    const res = await call('GET', '/api/bench/floor');
    expect(res.status).toBe(500);
  });
});

describe('POST /api/bench/expire-lists', () => {
  it('is a 404 without BENCH_FLOOR=1', async () => {
    for (const value of [undefined, '', '0', 'true']) {
      vi.stubEnv('BENCH_FLOOR', value);
      const res = await call('POST', '/api/bench/expire-lists');
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Not found', code: 'not_found' });
    }
  });

  it('answers 200 with BENCH_FLOOR=1, and nothing but POST', async () => {
    vi.stubEnv('BENCH_FLOOR', '1');
    const res = await call('POST', '/api/bench/expire-lists');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect((await call('GET', '/api/bench/expire-lists')).status).toBe(405);
  });
});

describe('POST /api/bench/expire-lists?pages=all', () => {
  it('is a 404 without BENCH_FLOOR=1, and 200 with it', async () => {
    vi.stubEnv('BENCH_FLOOR', '');
    expect((await call('POST', '/api/bench/expire-lists?pages=all')).status).toBe(404);
    vi.stubEnv('BENCH_FLOOR', '1');
    const res = await call('POST', '/api/bench/expire-lists?pages=all');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
  });
});

describe('POST /api/bench/expire-lists?envolvement=&user=', () => {
  it('is a 404 without BENCH_FLOOR=1, and 200 with it, for one envolvement, one user or both', async () => {
    const paths = [
      '/api/bench/expire-lists?envolvement=3f2504e0-4f89-41d3-9a0c-0305e82c3301',
      '/api/bench/expire-lists?user=local%7Cbench-user',
      '/api/bench/expire-lists?envolvement=3f2504e0-4f89-41d3-9a0c-0305e82c3301&user=local%7Cbench-user',
    ];
    vi.stubEnv('BENCH_FLOOR', '');
    for (const path of paths) expect((await call('POST', path)).status).toBe(404);
    vi.stubEnv('BENCH_FLOOR', '1');
    for (const path of paths) expect(await call('POST', path)).toMatchObject({ status: 200, body: { ok: true } });
  });
});
