import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { startTcpProxy, type TcpProxy } from '../tests/helpers/tcp-proxy';

// A production server (`next start` of the build) reaches its PostgreSQL server through a
// relay the test freezes (connections open, nothing crossing) or cuts (connections dropped,
// new ones refused). A page rendered for its request answers the "back soon" 503 from the
// very first request of the outage, within seconds, where Next would answer 500 after the
// pool's timeouts; pages served from the cache are still served; all is well once the
// server answers again. A database error that is not an outage stays a 500.
const serverUrl = process.env.TEST_DATABASE_URL;
const port = 3406;
const base = `http://127.0.0.1:${port}`;

// CI always has a PostgreSQL server (.ci/run), so there the test runs or fails, never skips.
if (!serverUrl && process.env.CI) throw new Error('The database outage test needs TEST_DATABASE_URL in CI');
test.skip(!serverUrl, 'needs a PostgreSQL server (TEST_DATABASE_URL)');
test.describe.configure({ mode: 'serial', timeout: 120_000 });

let database = '';
let admin: pg.Client;
let data: pg.Client;
let relay: TcpProxy;
let server: ChildProcess;
const output: string[] = [];
const envolvement = randomUUID();
// Rendered for each request, and read from the database: a search of Explore.
const renderedPage = '/explore?q=still';

test.beforeAll(async () => {
  test.setTimeout(180_000);
  database = `envolve_outage_${process.pid}_${Date.now()}`;
  admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${database}"`);
  const direct = new URL(serverUrl!);
  relay = await startTcpProxy(Number(direct.port || 5432), direct.hostname);
  direct.pathname = `/${database}`;
  const through = new URL(direct);
  through.host = `127.0.0.1:${relay.port}`;
  server = spawn(process.execPath, [require.resolve('next/dist/bin/next'), 'start', '-p', String(port)], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      DATABASE_URL: through.toString(),
      SEED_DEMO_DATA: 'false',
      NEXTAUTH_SECRET: 'outage-secret-not-for-production',
      NEXTAUTH_URL: base,
      NEXT_TELEMETRY_DISABLED: '1',
    },
  });
  for (const stream of [server.stdout, server.stderr])
    stream?.on('data', (chunk: Buffer) => output.push(String(chunk)));
  await expect
    .poll(
      () =>
        fetch(`${base}/api/health`).then(
          (answer) => answer.status,
          () => 0,
        ),
      { timeout: 120_000 },
    )
    .toBe(200);
  data = new pg.Client({ connectionString: direct.toString() });
  await data.connect();
  const creator = `local|${randomUUID()}`;
  await data.query(`INSERT INTO users (id, name, nickname, email) VALUES ($1, 'Out Age', 'outage', 'o@example.com')`, [
    creator,
  ]);
  await data.query(
    `INSERT INTO envolvements (id, creator_id, title, preview_text, categories, is_active)
     VALUES ($1, $2, 'Still here', 'After the outage', '{Art}', true)`,
    [envolvement, creator],
  );
  // The job queue starts beside the first requests; an outage while it starts stops the server.
  const schedules = () =>
    data.query(`SELECT count(*)::int AS n FROM pgboss.schedule`).then(
      (result) => result.rows[0].n,
      () => 0,
    );
  await expect.poll(schedules, { timeout: 60_000 }).toBeGreaterThanOrEqual(3);
});

test.afterAll(async () => {
  server?.kill('SIGKILL');
  relay?.restore();
  await relay?.close();
  await data?.end();
  await admin?.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  await admin?.end();
});

async function timedGet(path: string) {
  const asked = Date.now();
  const answer = await fetch(`${base}${path}`, { redirect: 'manual' });
  const body = await answer.text();
  return { status: answer.status, headers: answer.headers, body, took: Date.now() - asked };
}

/** The page and Explore (served from the cache) answer 200, the server having seen them once. */
async function expectServing() {
  await expect.poll(async () => (await timedGet(renderedPage)).status, { timeout: 15_000 }).toBe(200);
  expect((await timedGet(renderedPage)).body).toContain('Still here');
  expect((await timedGet('/explore')).status).toBe(200);
}

function expectBackSoon(answer: Awaited<ReturnType<typeof timedGet>>) {
  expect(answer.status).toBe(503);
  expect(answer.headers.get('retry-after')).toBe('5');
  expect(answer.headers.get('cache-control')).toBe('no-store');
  expect(answer.body).toContain("We'll be right back");
}

test('frozen: the first page rendered for its request answers 503 within 10 s, the cached ones 200', async () => {
  await expectServing();
  relay.freeze();
  const first = await timedGet(renderedPage);
  expectBackSoon(first);
  expect(first.took).toBeLessThan(10_000);
  test.info().annotations.push({ type: 'first 503, frozen', description: `${first.took} ms` });
  // Known down: at once now, and Explore still comes from the cache.
  expect((await timedGet(renderedPage)).took).toBeLessThan(1_000);
  expect((await timedGet('/explore')).status).toBe(200);
  const restored = Date.now();
  relay.restore();
  await expectServing();
  test.info().annotations.push({ type: 'back to 200, frozen', description: `${Date.now() - restored} ms` });
});

test('cut: the first page rendered for its request answers 503 at once', async () => {
  await expectServing();
  relay.cut();
  const first = await timedGet(renderedPage);
  expectBackSoon(first);
  expect(first.took).toBeLessThan(2_000);
  test.info().annotations.push({ type: 'first 503, cut', description: `${first.took} ms` });
  expect((await timedGet('/explore')).status).toBe(200);
  const restored = Date.now();
  relay.restore();
  await expectServing();
  test.info().annotations.push({ type: 'back to 200, cut', description: `${Date.now() - restored} ms` });
});

test('a database error that is not an outage is no "back soon", and the database is not taken for down', async () => {
  await expectServing();
  const logged = output.join('').length;
  await data.query(`ALTER TABLE envolvements RENAME COLUMN title TO headline`);
  try {
    // The search says it could not load its list, as it does for any failed read.
    const broken = await timedGet(renderedPage);
    expect(broken.status).toBe(200);
    expect(broken.body).toContain('Error loading Envolvements. Please try again later.');
    expect(broken.body).not.toContain("We'll be right back");
    expect((await fetch(`${base}/api/ready`)).status).toBe(200);
  } finally {
    await data.query(`ALTER TABLE envolvements RENAME COLUMN headline TO title`);
  }
  await expectServing();
  expect(output.join('').slice(logged)).not.toContain('the database server cannot be reached');
});
