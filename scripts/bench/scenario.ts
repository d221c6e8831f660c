// What the benchmark measures on one seeded database, each route against the floor in the
// same window: Explore (plain, searched, one category) and a detail page one request at a
// time, the grid's API under 50 at once, the biggest creator's profile, and 200 joins at once.
import type pg from 'pg';
import { measureClaims, type ClaimsResult } from './claims';
import { measureAgainstFloor, percentile, warmUpFloor, type Summary, type Target, type Window } from './measure';
import type { BenchServer } from './server';
import { sessionCookie } from './sessions';
import { COMMON_WORD } from './words';

export const MEASURED_CATEGORY = 'Art';

/** A measured route: its summary, and the floor's in the same window. */
export type Measured = { route: Summary; floor: Summary };

export type SizeFigures = {
  rows: number;
  explore: Measured & { htmlKb: number };
  exploreQ: Measured;
  exploreCategory: Measured;
  detail: Measured;
  profileTop: Measured & { rows: number; htmlKb: number };
  pull: Measured;
  pullQ: Measured;
  claims: ClaimsResult;
};

type Fixtures = { creatorSlug: string; creatorId: string; creatorRows: number; detailId: string };

async function findFixtures(client: pg.Client): Promise<Fixtures> {
  const top = await client.query<{ creator_id: string; n: string }>(
    `select creator_id, count(*) as n from envolvements where is_active and archived_at is null
     group by creator_id order by n desc limit 1`,
  );
  // A detail page with something on every tab: the most joined published envolvement with updates.
  const detail = await client.query<{ id: string }>(
    `select e.id from envolvements e
     where e.is_active and e.archived_at is null and exists (select 1 from posts p where p.envolvement_id = e.id)
     order by e.current_count desc, e.created_at desc limit 1`,
  );
  const creatorId = top.rows[0]!.creator_id;
  return {
    creatorId,
    creatorSlug: creatorId.slice(creatorId.indexOf('|') + 1),
    creatorRows: Number(top.rows[0]!.n),
    detailId: detail.rows[0]!.id,
  };
}

async function htmlKb(server: BenchServer, target: Target): Promise<number> {
  const response = await fetch(`${server.url}${target.path}`, { headers: target.headers });
  return Math.round((Buffer.byteLength(await response.text()) / 1024) * 10) / 10;
}

/** Every figure for one database; `viewer` is the signed-in member whose cookie the pages get. */
export async function measureSize(
  server: BenchServer,
  client: pg.Client,
  size: { rows: number; viewer: { id: string; name: string; nickname: string } },
  windows: { one: Window; fifty: Window },
): Promise<SizeFigures> {
  const fixtures = await findFixtures(client);
  await warmUpFloor(server.url, windows.one.seconds);
  const headers = { cookie: await sessionCookie(server.secret, size.viewer) };
  const one = (path: string) => measureAgainstFloor(server.url, { path, headers }, windows.one);
  const fifty = (path: string) => measureAgainstFloor(server.url, { path, headers }, windows.fifty);
  const profilePath = `/profile/${encodeURIComponent(fixtures.creatorSlug)}`;
  const explore = await one('/explore');
  const exploreQ = await one(`/explore?q=${COMMON_WORD}`);
  const exploreCategory = await one(`/explore?category=${encodeURIComponent(MEASURED_CATEGORY)}`);
  const detail = await one(`/envolvement/${fixtures.detailId}`);
  const profile = await one(profilePath);
  const pull = await fifty('/api/post/pull');
  const pullQ = await fifty(`/api/post/pull?q=${COMMON_WORD}`);
  const claims = await measureClaims(server, client, fixtures.creatorId);
  return {
    rows: size.rows,
    explore: { ...explore, htmlKb: await htmlKb(server, { path: '/explore', headers }) },
    exploreQ,
    exploreCategory,
    detail,
    profileTop: {
      ...profile,
      rows: fixtures.creatorRows,
      htmlKb: await htmlKb(server, { path: profilePath, headers }),
    },
    pull,
    pullQ,
    claims,
  };
}

/** The floor's median at one connection over every c=1 window of the run. */
export function floorMedian(figures: SizeFigures): number {
  const windows = [figures.explore, figures.exploreQ, figures.exploreCategory, figures.detail, figures.profileTop];
  return percentile(
    windows.map((m) => m.floor.medianMs),
    0.5,
  );
}
