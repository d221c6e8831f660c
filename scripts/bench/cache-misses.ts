// What nothing cached helps with (./misses.ts does the timing): the cheapest page, Explore and
// profiles rendered fresh, searches never asked, the cache under a creator's edits, and the
// worst of these a visitor can meet (./worst-cases.ts). Each is timed against the floor in
// the same window, as the rest of the benchmark is.
import type pg from 'pg';
import { MEASURED_CATEGORY, profileOf, type Fixtures } from './fixtures';
import { measureAgainstFloor, type Window } from './measure';
import { measureEditChurn, missSequence } from './misses';
import { newQueries, searchMissBurst } from './search-misses';
import type { SizeFigures } from './scenario';
import type { BenchServer } from './server';
import { COMMON_WORD } from './words';
import { expiring, measureColdPages, measureSearchSweep, type SweepWindow, type WorstCases } from './worst-cases';

/**
 * How the cache-miss figures are taken: requests per sequence, the edit churn's run, and the
 * words whose pairs the search sweep times.
 */
export type MissWindows = {
  count: number;
  sweep: SweepWindow;
  c50: Window;
  c20: Window;
  churn: { seconds: number; connections: number; everyMs: number };
};

/**
 * The figures no cache helps with. The creators split three ways: the most prolific is the
 * profile measured warm, the next five are visited during the edits and the sixth edits;
 * the rest are the profiles nobody asked for.
 */
export async function measureMisses(
  server: BenchServer,
  client: pg.Client,
  fixtures: Fixtures,
  headers: Record<string, string>,
  windows: MissWindows,
): Promise<
  Pick<
    SizeFigures,
    | 'pageMiss'
    | 'exploreMiss'
    | 'profileMiss'
    | 'searchMiss'
    | 'searchMissCategory'
    | 'searchMissC50'
    | 'exploreC20'
    | 'churn'
  >
> {
  const query = newQueries();
  const expireLists = expiring(server.url);
  const expireAll = expiring(server.url, '?pages=all');
  const pageMiss = await missSequence(server.url, windows.count, () => ({ path: '/contact-us', headers }), expireAll);
  const exploreMiss = await missSequence(server.url, windows.count, () => ({ path: '/explore', headers }), expireLists);
  const unvisited = fixtures.creators.slice(7);
  if (unvisited.length < windows.count) throw new Error(`Only ${unvisited.length} creators nobody visited`);
  const profileMiss = await missSequence(server.url, windows.count, (i) => ({
    path: profileOf(fixtures, unvisited[i]!),
    headers,
  }));
  const searchMiss = await missSequence(server.url, windows.count, () => ({
    path: `/explore?q=${encodeURIComponent(query())}`,
    headers,
  }));
  const searchMissCategory = await missSequence(server.url, windows.count, () => ({
    path: `/explore?q=${encodeURIComponent(query())}&category=${encodeURIComponent(MEASURED_CATEGORY)}`,
    headers,
  }));
  const searchMissC50 = await searchMissBurst(server.url, windows.c50, query);
  const exploreC20 = await measureAgainstFloor(server.url, { path: '/explore' }, windows.c20);
  const visitedCreators = [fixtures.creators[0]!, ...fixtures.creators.slice(1, 6)];
  const churn = await measureEditChurn(server, client, {
    visited: [
      { path: '/explore' },
      { path: `/explore?q=${COMMON_WORD}` },
      { path: `/explore?category=${encodeURIComponent(MEASURED_CATEGORY)}` },
      ...visitedCreators.map((id) => ({ path: profileOf(fixtures, id) })),
    ],
    editorId: fixtures.creators[6]!,
    ...windows.churn,
  });
  return { pageMiss, exploreMiss, profileMiss, searchMiss, searchMissCategory, searchMissC50, exploreC20, churn };
}

/**
 * The worst cases, after the other misses: every pair of a spread of words searched in a
 * category, the most prolific creator's profile, and an envolvement's page, each rendered with
 * nothing of it cached.
 */
export async function measureWorstCases(
  server: BenchServer,
  fixtures: Fixtures,
  headers: Record<string, string>,
  windows: MissWindows,
): Promise<WorstCases> {
  const searchSweep = await measureSearchSweep(server.url, headers, MEASURED_CATEGORY, windows.sweep);
  const cold = await measureColdPages(
    server.url,
    {
      topCreatorId: fixtures.creatorId,
      topCreatorHandle: fixtures.creatorHandle,
      detailId: fixtures.detailId,
      detailCreatorId: fixtures.detailCreatorId,
    },
    headers,
    windows.count,
  );
  return { searchSweep, ...cold };
}
