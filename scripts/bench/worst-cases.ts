// The worst a visitor meets where no cache helps, where the other miss figures time the first
// query or page that comes: a search in a category for every pair of a spread of words, the
// profile of the most prolific creator nobody asked for, and an envolvement's page once
// everything cached of it has expired, signed in and signed out.
import { percentile, type Target } from './measure';
import { missSequence, type MissFigures } from './misses';
import { SEARCH_WORDS } from './words';

/** How many of the sweep's slowest pairs are timed again before the worst is named. */
const CONFIRMED = 5;

/** Which pairs the sweep times: every pair of the `top` commonest search words and of every `spreadEvery`-th after them. */
export type SweepWindow = { top: number; spreadEvery: number; samples: number };

export type SearchSweep = {
  /** The words whose every pair was timed, the commonest first. */
  words: string[];
  pairs: number;
  /** Requests per pair, each after the lists expired: the pair's figure is their median. */
  samples: number;
  /**
   * The slowest pair and its median, timed again: of the sweep's CONFIRMED slowest pairs,
   * the one whose second median is the highest. On a busy machine the sweep's slowest pair is
   * often one that met a busy moment (its second median a tenth of its first); a slow query is
   * slow both times.
   */
  worst: { query: string; medianMs: number };
  /** The sweep's own slowest pair and its median, before any was timed again. */
  firstWorst: { query: string; medianMs: number };
  /** The median of every pair's median. */
  medianMs: number;
  /** The floor's median over the whole sweep, a request of it beside each of the searches. */
  floorMs: number;
  cache: Record<string, number>;
};

export type WorstCases = {
  searchSweep: SearchSweep;
  /** The most prolific creator's profile, its cached page and reads expired before each request. */
  profileTopMiss: MissFigures;
  /** The detail page's envolvement with its cached reads and its creator's expired first. */
  detailColdSignedIn: MissFigures;
  detailColdSignedOut: MissFigures;
};

/** A bench-only request that ends part of the server's cache (app/api/bench/expire-lists). */
export function expiring(baseUrl: string, query = ''): () => Promise<void> {
  return async () => {
    const response = await fetch(`${baseUrl}/api/bench/expire-lists${query}`, { method: 'POST' });
    if (!response.ok) throw new Error(`expire-lists${query} answered ${response.status}`);
  };
}

/** The sweep's words: the seed puts the first search words in the most rows (./seed.ts). */
function sweepWords({ top, spreadEvery }: SweepWindow): string[] {
  return [...SEARCH_WORDS.slice(0, top), ...SEARCH_WORDS.slice(top).filter((_, i) => i % spreadEvery === 0)];
}

/**
 * Every pair of the sweep's words as a search in `category`, the commoner word first (the last
 * word of a search also matches as the start of a word), each pair `samples` times, each time
 * after the lists expired: whatever of a search the app keeps is tagged with the lists, so it
 * is read from the database as a query nobody had asked is.
 */
export async function measureSearchSweep(
  baseUrl: string,
  headers: Record<string, string>,
  category: string,
  window: SweepWindow,
): Promise<SearchSweep> {
  const words = sweepWords(window);
  const expireLists = expiring(baseUrl);
  const search = (query: string) =>
    missSequence(
      baseUrl,
      window.samples,
      () => ({ path: `/explore?q=${encodeURIComponent(query)}&category=${encodeURIComponent(category)}`, headers }),
      expireLists,
    );
  const timed: Array<{ query: string; medianMs: number; floorMs: number }> = [];
  const cache: Record<string, number> = {};
  for (const [i, first] of words.entries()) {
    for (const second of words.slice(i + 1)) {
      const query = `${first} ${second}`;
      const { route, floor } = await search(query);
      timed.push({ query, medianMs: route.medianMs, floorMs: floor.medianMs });
      for (const [state, n] of Object.entries(route.cache)) cache[state] = (cache[state] ?? 0) + n;
    }
  }
  const slowest = [...timed].sort((a, b) => b.medianMs - a.medianMs);
  const retimed: Array<{ query: string; medianMs: number }> = [];
  for (const { query } of slowest.slice(0, CONFIRMED))
    retimed.push({ query, medianMs: (await search(query)).route.medianMs });
  const worst = retimed.reduce((most, pair) => (pair.medianMs > most.medianMs ? pair : most));
  return {
    words,
    pairs: timed.length,
    samples: window.samples,
    worst,
    firstWorst: { query: slowest[0]!.query, medianMs: slowest[0]!.medianMs },
    medianMs: percentile(
      timed.map((pair) => pair.medianMs),
      0.5,
    ),
    floorMs: percentile(
      timed.map((pair) => pair.floorMs),
      0.5,
    ),
    cache,
  };
}

/** Whose pages the cold figures read: the most prolific creator, and the detail page's envolvement and creator. */
type ColdFixtures = { topCreatorId: string; topCreatorHandle: string; detailId: string; detailCreatorId: string };

/**
 * The profile of the most prolific creator and an envolvement's page, `count` requests each,
 * each after everything cached of them expired (the envolvement's tag and its creator's: its
 * page, its view and its creator's cards): as the first visitor after an edit meets them.
 */
export async function measureColdPages(
  baseUrl: string,
  fixtures: ColdFixtures,
  headers: Record<string, string>,
  count: number,
): Promise<Omit<WorstCases, 'searchSweep'>> {
  const top: Target = { path: `/@${fixtures.topCreatorHandle}`, headers };
  const profileTopMiss = await missSequence(
    baseUrl,
    count,
    () => top,
    expiring(baseUrl, `?user=${encodeURIComponent(fixtures.topCreatorId)}`),
  );
  const expireDetail = expiring(
    baseUrl,
    `?envolvement=${fixtures.detailId}&user=${encodeURIComponent(fixtures.detailCreatorId)}`,
  );
  const detail = `/envolvement/${fixtures.detailId}`;
  const detailColdSignedIn = await missSequence(baseUrl, count, () => ({ path: detail, headers }), expireDetail);
  const detailColdSignedOut = await missSequence(baseUrl, count, () => ({ path: detail }), expireDetail);
  return { profileTopMiss, detailColdSignedIn, detailColdSignedOut };
}
