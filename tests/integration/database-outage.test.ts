import { NextRequest } from 'next/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GET as health } from '@/app/api/health/route';
import { GET as ready } from '@/app/api/ready/route';
import { isDatabaseDown, isDatabaseUnavailable, reportDatabaseError } from '@/lib/db/availability';
import { getDatabaseHandle, openDatabase, setDatabaseHandle, type DatabaseHandle } from '@/lib/db/client';
import { UNAVAILABLE_MESSAGE } from '@/lib/http/errors';
import { proxy } from '@/proxy';
import { useTestDatabase } from '../helpers/db';
import { call } from '../helpers/http';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy';

// The app reaches its database server through a relay the test can cut or freeze, as a
// network fault or a server restart would: requests fail in seconds with a 503 that says
// when to come back, pages served per request say so too, and all is well once it answers.
useTestDatabase();

const onServer = Boolean(process.env.TEST_DATABASE_URL);
const unavailable = { error: UNAVAILABLE_MESSAGE, code: 'unavailable' };

describe('isDatabaseUnavailable', () => {
  it('tells a server that cannot answer from a query that was wrong', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: refused }))).toBe(true);
    for (const code of ['08006', '08001', '57P01', '57P03', '53300', '57014'])
      expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Query read timeout'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    for (const code of ['23505', '42601', '22021', 'EPERM'])
      expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code }))).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });

  it('marks a server down when it cannot be reached, not when it is only busy', () => {
    const handle = getDatabaseHandle();
    if (handle.kind !== 'postgres') return;
    for (const code of ['57014', '53300']) {
      reportDatabaseError(Object.assign(new Error('busy'), { code }), handle);
      expect(isDatabaseDown(handle)).toBe(false);
    }
  });
});

it('GET /api/health answers 200 without asking the database, and /api/ready says the database is up', async () => {
  const live = health();
  expect(live.status).toBe(200);
  expect(await live.json()).toEqual({ ok: true });
  const answer = await ready();
  expect(answer.status).toBe(200);
  expect(await answer.json()).toEqual({ ok: true, checks: { database: 'ok', cache: 'not configured' } });
});

// On PGlite too: the app is pointed at a server address whose relay refuses every connection.
it('GET /api/ready answers 503 with Retry-After and says the database is unavailable when the server cannot be reached', async () => {
  const relay = await startTcpProxy(5432);
  relay.cut();
  const unreachable = openDatabase({ url: `postgres://envolve@127.0.0.1:${relay.port}/envolve` });
  const current = getDatabaseHandle();
  setDatabaseHandle(unreachable);
  try {
    const answer = await ready();
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('5');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(await answer.json()).toEqual({ ok: false, checks: { database: 'unavailable', cache: 'not configured' } });
    // Liveness is not readiness: the process is fine, and a restart would cure nothing.
    expect(health().status).toBe(200);
  } finally {
    setDatabaseHandle(current);
    await unreachable.close();
    await relay.close();
  }
});

describe.runIf(onServer)('a database server that cannot be reached', () => {
  let relay: TcpProxy;
  let direct: DatabaseHandle;
  let through: DatabaseHandle;

  beforeEach(async () => {
    direct = getDatabaseHandle();
    const url = new URL(direct.pool!.options.connectionString!);
    relay = await startTcpProxy(Number(url.port || 5432), url.hostname);
    url.host = `127.0.0.1:${relay.port}`;
    through = openDatabase({ url: url.toString() });
    setDatabaseHandle(through);
  });

  afterEach(async () => {
    relay.restore();
    // The probe sees the server again and stops asking.
    await vi.waitFor(async () => expect((await call('GET', '/api/post/pull')).status).toBe(200), {
      timeout: 10_000,
      interval: 200,
    });
    setDatabaseHandle(direct);
    await through.close();
    await relay.close();
  });

  const page = (path: string) => proxy(new NextRequest(new URL(path, 'http://localhost:3000')));

  it('answers 503 with Retry-After at once while it is cut off, and 200 once it is back', async () => {
    expect((await call('GET', '/api/post/pull')).status).toBe(200);
    relay.cut();
    // The call that finds the server gone marks it down as it fails, whoever made it.
    await expect(through.executeSql('select 1')).rejects.toThrow();
    expect(isDatabaseDown(through)).toBe(true);
    const down = await call('GET', '/api/post/pull');
    expect({ status: down.status, body: down.body }).toEqual({ status: 503, body: unavailable });
    expect(down.response.headers.get('retry-after')).toBe('5');
    // Known to be down: every route answers so without waiting on the database, writes too.
    const write = await call('POST', '/api/newsletter', { json: { email: 'fan@example.com' } });
    expect({ status: write.status, body: write.body }).toEqual({ status: 503, body: unavailable });

    const notReady = await ready();
    expect(notReady.status).toBe(503);
    expect(notReady.headers.get('retry-after')).toBe('5');
    expect(await notReady.json()).toEqual({ ok: false, checks: { database: 'unavailable', cache: 'not configured' } });
    expect(health().status).toBe(200);

    // A page rendered for its request says it will be back; one served from the cache is still served.
    const rendered = await page('/create');
    expect(rendered.status).toBe(503);
    expect(rendered.headers.get('retry-after')).toBe('5');
    expect(rendered.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await rendered.text()).toContain("We'll be right back");
    expect((await page('/explore')).status).toBe(200);

    relay.restore();
    await vi.waitFor(async () => expect((await call('GET', '/api/post/pull')).status).toBe(200), {
      timeout: 5_000,
      interval: 200,
    });
    expect((await page('/create')).status).toBe(200);
  });

  // The statement timeout is 15 s, and a frozen connection's reply is waited for 5 s more;
  // a call still waiting after 2 s has the server probed, which finds it frozen 2 s later.
  it('finds a frozen server within seconds, whatever its timeouts, and answers 503', async () => {
    expect((await call('GET', '/api/post/pull')).status).toBe(200);
    relay.freeze();
    const asked = Date.now();
    const down = await call('GET', '/api/post/pull');
    expect(Date.now() - asked).toBeLessThan(6_000);
    expect({ status: down.status, body: down.body }).toEqual({ status: 503, body: unavailable });
    expect(isDatabaseDown(through)).toBe(true);
    // Known down, a call fails at once instead of waiting on the frozen server.
    const next = Date.now();
    await expect(through.executeSql('select 1')).rejects.toMatchObject({ name: 'DatabaseDownError' });
    expect(Date.now() - next).toBeLessThan(100);
    const notReady = await ready();
    expect(await notReady.json()).toMatchObject({ ok: false, checks: { database: 'unavailable' } });
  });

  it('does not take a slow statement, or a wrong one, for an outage', async () => {
    // Past the 2 s after which the server is probed: it answers the probe, so the statement goes on.
    await expect(through.executeSql('select pg_sleep(3)')).resolves.toMatchObject({ rows: [{ pg_sleep: '' }] });
    await expect(through.executeSql('select * from no_such_table')).rejects.toMatchObject({ code: '42P01' });
    expect(isDatabaseDown(through)).toBe(false);
    expect((await call('GET', '/api/post/pull')).status).toBe(200);
  });
});
