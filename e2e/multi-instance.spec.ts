import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import Redis from 'ioredis';
import pg from 'pg';
import { MAIL_SINK_SMTP_URL, MAIL_SINK_URL } from '../playwright.config';
import { sessionCookie } from '../scripts/bench/sessions';

// Two app instances behind one load balancer share PostgreSQL and Redis: a change made
// through one is seen at once through the other, though both cache Explore's lists.
const serverUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/6';
const secret = 'multi-instance-secret-not-for-production';
const ports = [3401, 3402] as const;
const creator = { id: `local|${randomUUID()}`, name: 'Two Hosts', nickname: 'twohosts' };

// CI always has both servers (.ci/run), so there the test runs or fails, never skips.
if (!serverUrl && process.env.CI) throw new Error('The two-instance test needs TEST_DATABASE_URL in CI');
test.skip(!serverUrl, 'needs a PostgreSQL server (TEST_DATABASE_URL) and Redis');
test.describe.configure({ mode: 'serial', timeout: 180_000 });

let database = '';
let admin: pg.Client;
let redis: Redis;
let reachable = false;
const servers: ChildProcess[] = [];
const output: string[] = [];
const base = (index: 0 | 1) => `http://localhost:${ports[index]}`;

async function healthy(url: string) {
  for (let attempt = 0; attempt < 240; attempt++) {
    const answer = await fetch(`${url}/api/health`).catch(() => null);
    if (answer?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not start:\n${output.join('').slice(-4000)}`);
}

async function titlesOn(index: 0 | 1, query = ''): Promise<string[]> {
  const answer = await fetch(`${base(index)}/api/post/pull${query}`);
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { items: Array<{ title: string }> }).items.map((item) => item.title);
}

/** Whether a page, as instance `index` serves it, shows each title. */
async function pageShows(index: 0 | 1, path: string, titles: string[]): Promise<boolean[]> {
  const answer = await fetch(`${base(index)}${path}`);
  expect(answer.status).toBe(200);
  const html = await answer.text();
  return titles.map((title) => html.includes(title));
}

const explorePage = '/explore?category=Art';
const profilePage = `/@${creator.nickname}`;

test.beforeAll(async () => {
  // Two servers start, migrate and start their job queues on a fresh database.
  test.setTimeout(180_000);
  database = `envolve_multi_${process.pid}_${Date.now()}`;
  admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${database}"`);
  const url = new URL(serverUrl!);
  url.pathname = `/${database}`;
  redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0 });
  reachable = await redis.connect().then(
    () => true,
    () => false,
  );
  // CI always has a Redis server; a machine without one skips this test and says so.
  if (!reachable && process.env.CI) throw new Error(`No Redis server at ${redisUrl}`);
  test.skip(!reachable, `needs a Redis server at ${redisUrl}`);
  await redis.flushdb();
  for (const [index, port] of ports.entries()) {
    const child = spawn('npx', ['next', 'start', '-p', String(port)], {
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group: stopping it stops the server npx started, not npx alone.
      detached: true,
      env: {
        ...process.env,
        DATABASE_URL: url.toString(),
        REDIS_URL: redisUrl,
        NEXTAUTH_SECRET: secret,
        NEXTAUTH_URL: base(index as 0 | 1),
        SEED_DEMO_DATA: 'false',
        NEXT_TELEMETRY_DISABLED: '1',
        SMTP_URL: MAIL_SINK_SMTP_URL,
        MAIL_POLL_SECONDS: '1',
        SHUTDOWN_DRAIN_SECONDS: '0',
      },
    });
    // What a server printed, to tell why it did not start.
    for (const stream of [child.stdout, child.stderr])
      stream?.on('data', (chunk: Buffer) => output.push(String(chunk)));
    servers.push(child);
  }
  await Promise.all([healthy(base(0)), healthy(base(1))]);
  const data = new pg.Client({ connectionString: url.toString() });
  await data.connect();
  await data.query(`INSERT INTO users (id, name, nickname, email) VALUES ($1, $2, $3, 'two@example.com')`, [
    creator.id,
    creator.name,
    creator.nickname,
  ]);
  await data.query(
    `INSERT INTO envolvements (creator_id, title, preview_text, categories, is_active, created_at)
     VALUES ($1, 'Already live', 'On both hosts', '{Art}', true, now() - interval '2 minutes'),
            ($1, 'The draft', 'Published through A', '{Art}', false, now() - interval '1 minute')`,
    [creator.id],
  );
  await data.end();
});

test.afterAll(async () => {
  for (const child of servers) if (child.pid) process.kill(-child.pid, 'SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  if (reachable) await redis.flushdb();
  redis?.disconnect();
  await admin?.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  await admin?.end();
});

test('a draft published through instance A is on instance B: its pages at once, the lists next', async () => {
  // B has cached its first page, and its Explore and profile pages whole: a row written
  // behind the app's back does not show there yet.
  expect(await titlesOn(1)).toEqual(['Already live']);
  // A search's first page is cached as well.
  expect(await titlesOn(1, '?q=draft')).toEqual([]);
  for (const path of [explorePage, profilePage])
    expect(await pageShows(1, path, ['Already live', 'The draft'])).toEqual([true, false]);
  const url = new URL(serverUrl!);
  url.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  await client.query(
    `INSERT INTO envolvements (creator_id, title, preview_text, categories, is_active)
     VALUES ($1, 'Behind the back', 'Written without the app', '{Art}', true)`,
    [creator.id],
  );
  const { rows } = await client.query<{ id: string }>(`SELECT id FROM envolvements WHERE title = 'The draft'`);
  await client.end();
  expect(await titlesOn(1)).toEqual(['Already live']);
  expect(await pageShows(1, explorePage, ['Behind the back'])).toEqual([false]);
  // To a visitor the draft's page is not there yet, and that answer is cached too.
  const draftPage = `/envolvement/${rows[0]!.id}`;
  for (let i = 0; i < 2; i++) expect((await fetch(`${base(1)}${draftPage}`)).status).toBe(404);

  const published = await fetch(`${base(0)}/api/post/${rows[0]!.id}/active`, {
    method: 'PUT',
    headers: {
      cookie: await sessionCookie(secret, creator),
      origin: base(0),
      'content-type': 'application/json',
    },
    body: JSON.stringify({ active: true }),
  });
  expect(published.status).toBe(200);
  const now = ['Behind the back', 'The draft', 'Already live'];
  // Publishing through A ended its own page and its creator's profile everywhere: B renders
  // them again for the next request.
  expect(await pageShows(1, draftPage, ['The draft'])).toEqual([true]);
  expect(await pageShows(1, profilePage, now)).toEqual([true, true, true]);
  // It marked the lists stale everywhere: each instance serves what it had once more while
  // it reads them again, and the request after shows the change.
  for (const index of [1, 0] as const) {
    await expect.poll(() => titlesOn(index)).toEqual(now);
    await expect.poll(() => pageShows(index, explorePage, now)).toEqual([true, true, true]);
  }
  await expect.poll(() => titlesOn(1, '?q=draft')).toEqual(['The draft']);
});

test('edits in a row through A reach Explore on B within 2 seconds, its lists rendered about once a second', async () => {
  const url = new URL(serverUrl!);
  url.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  const { rows } = await client.query<{ id: string }>(`SELECT id FROM envolvements WHERE title = 'Already live'`);
  await client.end();
  const cookie = await sessionCookie(secret, creator);
  const edit = async (title: string) => {
    const answer = await fetch(`${base(0)}/api/post/${rows[0]!.id}`, {
      method: 'PUT',
      headers: { cookie, origin: base(0), 'content-type': 'application/json' },
      body: JSON.stringify({
        title,
        previewText: 'On both hosts',
        categories: ['Art'],
        quantity: { quantity: null },
        price: { price: null },
        isActive: true,
      }),
    });
    expect(answer.status).toBe(200);
  };
  /** Which edit B's Explore shows, 0 for none. */
  const editShownOnB = async () => {
    const html = await (await fetch(`${base(1)}${explorePage}`)).text();
    return Number(/Edit (\d+) in a row/.exec(html)?.[1] ?? 0);
  };
  // An edit every 200 ms for 3 seconds, B's Explore read every 50 ms meanwhile: each
  // version of it that a reader meets was rendered once.
  const versions = new Set<number>();
  let editing = true;
  const reader = (async () => {
    while (editing) {
      versions.add(await editShownOnB());
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const edits = 15;
  for (let n = 1; n <= edits; n++) {
    await edit(`Edit ${n} in a row`);
    if (n < edits) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const lastAnswered = Date.now();
  editing = false;
  await reader;
  await expect.poll(editShownOnB, { intervals: [50], timeout: 5_000 }).toBe(edits);
  expect(Date.now() - lastAnswered).toBeLessThan(2_000);
  // Marks of the lists within a second of the last take effect a second after it: over 3
  // seconds of edits, B renders its Explore with about four of them, not fifteen.
  versions.delete(0);
  expect(versions.size).toBeLessThanOrEqual(5);
});

/** next-auth's CSRF token from one instance, with the cookie that must go with it. */
async function csrfOf(index: 0 | 1): Promise<{ csrfToken: string; cookie: string }> {
  const csrf = await fetch(`${base(index)}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookie = csrf.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { csrfToken, cookie };
}

/** A plain form post of credentials to one instance, as a script sends it (no `json`). */
async function guess(index: 0 | 1, email: string, password: string): Promise<Response> {
  const { csrfToken, cookie } = await csrfOf(index);
  return fetch(`${base(index)}/api/auth/callback/credentials`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    body: new URLSearchParams({ csrfToken, email, password }).toString(),
  });
}

/**
 * Signs up through instance A and follows the link mailed by whichever instance's mail job
 * took the sign-up through instance B, as the same browser: the account exists then.
 */
async function signUpAcrossInstances(email: string, password: string): Promise<void> {
  const registered = await fetch(`${base(0)}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Guarded Account', handle: `guarded_${randomUUID().slice(0, 8)}`, email, password }),
  });
  expect(registered.status).toBe(202);
  const proof = registered.headers.getSetCookie()[0]!.split(';')[0]!;
  let token = '';
  await expect
    .poll(async () => {
      const messages = (await (await fetch(`${MAIL_SINK_URL}/messages`)).json()) as Array<{
        to: string[];
        text: string;
      }>;
      const mail = messages.filter((message) => message.to.includes(email)).at(-1);
      token = /\/sign-up\/confirm\?token=([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1] ?? '';
      return token;
    })
    .not.toBe('');
  const { csrfToken, cookie } = await csrfOf(1);
  const confirmed = await fetch(`${base(1)}/api/auth/callback/sign-up`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `${cookie}; ${proof}` },
    body: new URLSearchParams({ csrfToken, token, json: 'true' }).toString(),
  });
  expect(confirmed.status).toBe(200);
}

test('password guesses through both instances count against one limit', async () => {
  const email = `guarded-${randomUUID()}@example.com`;
  const password = 'Tulip-Rocket-Lantern-93';
  await signUpAcrossInstances(email, password);
  // Four wrong guesses, alternating instances, each answered with next-auth's redirect.
  for (let i = 0; i < 4; i++) {
    const answer = await guess((i % 2) as 0 | 1, email, `wrong-${i}`);
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toContain('error=CredentialsSignin');
  }
  // The fifth uses up the account's limit, whichever instance it reaches.
  const fifth = await guess(0, email, 'wrong-4');
  expect(fifth.status).toBe(429);
  expect(((await fifth.json()) as { error: string }).error).toMatch(
    /^Too many failed sign-in attempts for this account\. Please try again in 1[45] minutes\.$/,
  );
  // Now even the right password is refused, on both.
  for (const index of [0, 1] as const) {
    const right = await guess(index, email, password);
    expect(right.status).toBe(429);
    expect(right.headers.getSetCookie().some((c) => c.includes('session-token='))).toBe(false);
  }
});
