// What the benchmark measures on one seeded database, each route against the floor in the
// same window: Explore (plain, searched, one category) and a detail page one request at a
// time, the grid's API under 50 at once, the biggest creator's profile, and 200 joins at once;
// then what nothing cached helps with (./cache-misses.ts): Explore rendered fresh, profiles and
// searches never asked for, the cache under a creator's edits, and the worst of these; and
// what the root layout makes every page weigh.
import type pg from 'pg';
import { measureAnswersAlike, type AlikeFigures } from './answers-alike';
import { measureMisses, measureWorstCases, type MissWindows } from './cache-misses';
import { measureClaims, type ClaimsResult } from './claims';
import { findFixtures, MEASURED_CATEGORY, type Fixtures } from './fixtures';
import { loadedJsKb } from './js-loaded';
import { measureAgainstFloor, percentile, warmUpFloor, type Summary, type Target, type Window } from './measure';
import { measureMemory, type MemoryFigures } from './memory';
import type { ChurnFigures, MissFigures } from './misses';
import { newQueries } from './search-misses';
import type { BenchServer } from './server';
import { sessionCookie } from './sessions';
import { measurePageSizes, type PageSizes } from './sizes';
import { COMMON_WORD } from './words';
import type { WorstCases } from './worst-cases';

/** A measured route: its summary, and the floor's in the same window. */
export type Measured = { route: Summary; floor: Summary };

export type SizeFigures = WorstCases & {
  rows: number;
  explore: Measured & { htmlKb: number };
  exploreQ: Measured;
  exploreCategory: Measured;
  detail: Measured;
  profileTop: Measured & { rows: number; htmlKb: number };
  pull: Measured;
  pullQ: Measured;
  claims: ClaimsResult;
  /**
   * The cheapest page rendered fresh (Contact Us, the layout and a few paragraphs), after every
   * cached page was ended: the floor of a miss, what any page costs Next to render and store.
   */
  pageMiss: MissFigures;
  /** Explore's default view rendered fresh, after the lists were expired. */
  exploreMiss: MissFigures;
  /** Profiles nobody had asked for. */
  profileMiss: MissFigures;
  /** Explore searched for two words nobody had asked for, without and with a category. */
  searchMiss: MissFigures;
  searchMissCategory: MissFigures;
  /** `/api/post/pull?q=…`, 50 at once, every query new. */
  searchMissC50: Measured;
  /** The cached Explore, 20 at once. */
  exploreC20: Measured;
  churn: ChurnFigures;
  /** Sign-up and "forgot password" for an address with an account and one without. */
  answersAlike: AlikeFigures;
  /** Measured at the biggest size of a run only. */
  memory: MemoryFigures | null;
  /** KB of script each measured route downloads by the end of its load in Chromium. */
  jsLoadedKb: Record<string, number>;
  /** What the root layout makes a page weigh. */
  sizes: PageSizes;
};

async function htmlKb(server: BenchServer, target: Target): Promise<number> {
  const response = await fetch(`${server.url}${target.path}`, { headers: target.headers });
  return Math.round((Buffer.byteLength(await response.text()) / 1024) * 10) / 10;
}

/** What each measured route's page downloads by the end of its load in Chromium. */
function loadedJsKbOf(server: BenchServer, fixtures: Fixtures, cookie: string) {
  const pages = {
    '/': '/',
    '/explore': '/explore',
    '/envolvement/[id]': `/envolvement/${fixtures.detailId}`,
    '/profile/[userId]': `/@${fixtures.creatorHandle}`,
    '/create': '/create',
  };
  return loadedJsKb(server.url, pages, cookie);
}

/** Every figure for one database; `viewer` is the signed-in member whose cookie the pages get. */
export async function measureSize(
  server: BenchServer,
  client: pg.Client,
  size: { rows: number; viewer: { id: string; name: string; nickname: string } },
  windows: {
    one: Window;
    fifty: Window;
    misses: MissWindows;
    memory: { loadSeconds: number; idleSeconds: number; connections: number };
    /** Requests of each path of sign-up and "forgot password". */
    alike: number;
  },
  withMemory: boolean,
): Promise<SizeFigures> {
  const fixtures = await findFixtures(client);
  await warmUpFloor(server.url, windows.one.seconds);
  const headers = { cookie: await sessionCookie(server.secret, size.viewer) };
  const one = (path: string) => measureAgainstFloor(server.url, { path, headers }, windows.one);
  const fifty = (path: string) => measureAgainstFloor(server.url, { path, headers }, windows.fifty);
  const profilePath = `/@${fixtures.creatorHandle}`;
  const explore = await one('/explore');
  const exploreQ = await one(`/explore?q=${COMMON_WORD}`);
  const exploreCategory = await one(`/explore?category=${encodeURIComponent(MEASURED_CATEGORY)}`);
  const detail = await one(`/envolvement/${fixtures.detailId}`);
  const profile = await one(profilePath);
  const pull = await fifty('/api/post/pull');
  const pullQ = await fifty(`/api/post/pull?q=${COMMON_WORD}`);
  const claims = await measureClaims(server, client, fixtures.creatorId);
  const misses = await measureMisses(server, client, fixtures, headers, windows.misses);
  const worst = await measureWorstCases(server, fixtures, headers, windows.misses);
  const answersAlike = await measureAnswersAlike(server, client, size.viewer.id, windows.alike);
  // After the misses: a page's links may fetch others (a profile) as the browser loads it.
  const jsLoadedKb = await loadedJsKbOf(server, fixtures, headers.cookie!);
  const memory = withMemory
    ? await measureMemory(server, client, { ...windows.memory, query: newQueries('memory') })
    : null;
  return {
    ...misses,
    ...worst,
    sizes: await measurePageSizes(server.url),
    answersAlike,
    memory,
    jsLoadedKb,
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
