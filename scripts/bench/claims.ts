// 200 signed-in people join one free envolvement of 50 spots at the same moment, through
// the real join endpoint: exactly 50 must get in, and the envolvement must count 50.
import type pg from 'pg';
import { percentile } from './measure';
import { sessionCookie } from './sessions';
import type { BenchServer } from './server';

const SPOTS = 50;
const PEOPLE = 200;

export type ClaimsResult = {
  exact: boolean;
  succeeded: number;
  refused: number;
  failed: number;
  currentCount: number;
  p95Ms: number;
  /**
   * The p95 of 200 floor requests sent at once, the mean of a burst just before the joins and
   * one just after: what the server needs to answer 200 at all.
   */
  floorP95Ms: number;
  /** The two bursts' p95s, before and after. */
  floorP95sMs: [number, number];
};

async function createClaimable(client: pg.Client, creatorId: string): Promise<string> {
  const { rows } = await client.query<{ id: string }>(
    `insert into envolvements (creator_id, title, preview_text, categories, price_cents, quantity, unlimited, is_active)
     values ($1, 'Fifty free spots', 'Join before they are gone', array['Other'], 0, $2, false, true)
     returning id`,
    [creatorId, SPOTS],
  );
  await client.query(
    `insert into users (id, name, nickname)
     select 'local|bench-claimer-' || i, 'Claimer ' || i, 'claimer' || i from generate_series(1, $1::int) i`,
    [PEOPLE],
  );
  return rows[0]!.id;
}

/** 200 floor requests at once: the least time 200 simultaneous answers take on this machine. */
async function floorBurst(server: BenchServer): Promise<number> {
  const answers = await Promise.all(
    Array.from({ length: PEOPLE }, async () => {
      const started = performance.now();
      await (await fetch(`${server.url}/api/bench/floor`)).arrayBuffer();
      return performance.now() - started;
    }),
  );
  return percentile(answers, 0.95);
}

async function join(server: BenchServer, cookie: string, envolvementId: string) {
  const started = performance.now();
  const response = await fetch(`${server.url}/api/payment/grant-access`, {
    method: 'POST',
    // Writes are same-origin only: the site's own pages send this Origin.
    headers: { cookie, origin: server.url, 'content-type': 'application/json' },
    body: JSON.stringify({ submissionId: envolvementId }),
  });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

export async function measureClaims(server: BenchServer, client: pg.Client, creatorId: string): Promise<ClaimsResult> {
  const envolvementId = await createClaimable(client, creatorId);
  const cookies = await Promise.all(
    Array.from({ length: PEOPLE }, (_, i) =>
      sessionCookie(server.secret, {
        id: `local|bench-claimer-${i + 1}`,
        name: `Claimer ${i + 1}`,
        nickname: 'claimer',
      }),
    ),
  );
  // Loads the route's code first: a body without an envolvement is a 400 that takes no spot.
  await fetch(`${server.url}/api/payment/grant-access`, {
    method: 'POST',
    headers: { cookie: cookies[0]!, origin: server.url, 'content-type': 'application/json' },
    body: '{}',
  }).then((response) => response.arrayBuffer());
  // A burst measured once reads the machine of that moment: the joins are compared with the
  // mean of one burst just before them and one just after.
  const floorBefore = await floorBurst(server);
  const answers = await Promise.all(cookies.map((cookie) => join(server, cookie, envolvementId)));
  const floorAfter = await floorBurst(server);
  const { rows } = await client.query<{ current_count: number; members: string }>(
    `select current_count, (select count(*) from purchases where envolvement_id = $1) as members
     from envolvements where id = $1`,
    [envolvementId],
  );
  const succeeded = answers.filter((a) => a.status === 200).length;
  const refused = answers.filter((a) => a.status === 409).length;
  const currentCount = rows[0]!.current_count;
  return {
    exact: succeeded === SPOTS && currentCount === SPOTS && Number(rows[0]!.members) === SPOTS,
    succeeded,
    refused,
    failed: PEOPLE - succeeded - refused,
    currentCount,
    p95Ms: percentile(
      answers.map((a) => a.ms),
      0.95,
    ),
    floorP95Ms: (floorBefore + floorAfter) / 2,
    floorP95sMs: [floorBefore, floorAfter],
  };
}
