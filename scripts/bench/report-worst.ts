// The worst cases' figures, every miss in miss floors, and what the layout makes a page weigh,
// as bench/results/latest.json holds them and as the terminal shows them (./report.ts has the rest).
import type { MissFigures } from './misses';
import type { SizeFigures } from './scenario';

type Row = [string, string, string];

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;
const ratio = (m: MissFigures) => m.route.medianMs / m.floor.medianMs;

/** The goal of every miss: at most this many times the cheapest page rendered fresh, each in its own floors. */
const MISS_FLOOR_GOAL = 1.5;

/**
 * A miss in miss floors: its median over the floor's beside it, over the same ratio of
 * `/contact-us` rendered fresh. Each ratio is to the floor timed in its own window, so that the
 * machine's load, which changes between the two, cancels.
 */
const inMissFloors = (f: SizeFigures, routeOverFloor: number) => round(routeOverFloor / ratio(f.pageMiss), 2);

/** The slowest pair of the search sweep over the sweep's floor. */
const worstPairRatio = (f: SizeFigures) => f.searchSweep.worst.medianMs / f.searchSweep.floorMs;

function missJson(name: string, f: SizeFigures, m: MissFigures) {
  return {
    [`${name}_ms`]: round(m.route.medianMs, 1),
    [`${name}_ratio`]: round(ratio(m), 2),
    [`${name}_vs_miss_floor`]: inMissFloors(f, ratio(m)),
    [`${name}_cache`]: m.route.cache,
  };
}

/** The figures ./report.ts leaves out: the worst cases, every miss in miss floors, and the sizes. */
export function worstJson(f: SizeFigures) {
  const sweep = f.searchSweep;
  return {
    explore_miss_vs_miss_floor: inMissFloors(f, ratio(f.exploreMiss)),
    profile_miss_vs_miss_floor: inMissFloors(f, ratio(f.profileMiss)),
    search_miss_vs_miss_floor: inMissFloors(f, Math.max(ratio(f.searchMiss), ratio(f.searchMissCategory))),
    ...missJson('profile_top_miss', f, f.profileTopMiss),
    ...missJson('detail_cold_signed_in', f, f.detailColdSignedIn),
    ...missJson('detail_cold_signed_out', f, f.detailColdSignedOut),
    search_miss_category_worst_query: sweep.worst.query,
    search_miss_category_worst_ms: round(sweep.worst.medianMs, 1),
    search_miss_category_first_worst_query: sweep.firstWorst.query,
    search_miss_category_first_worst_ms: round(sweep.firstWorst.medianMs, 1),
    search_miss_category_worst_ratio: round(worstPairRatio(f), 2),
    search_miss_category_worst_vs_miss_floor: inMissFloors(f, worstPairRatio(f)),
    search_miss_category_pairs_median_ms: round(sweep.medianMs, 1),
    search_miss_category_pairs_median_ratio: round(sweep.medianMs / sweep.floorMs, 2),
    search_miss_category_pairs: sweep.pairs,
    search_miss_category_samples: sweep.samples,
    search_miss_category_words: sweep.words.join(' '),
    search_miss_category_sweep_cache: sweep.cache,
    layout_rsc_kb: f.sizes.layoutRscKb,
    not_found_rsc_kb: f.sizes.notFoundRscKb,
    contact_html_kb: f.sizes.contactHtmlKb,
  };
}

const goal = (value: number) => `${value} miss floors (goal ≤ ${MISS_FLOOR_GOAL})`;

function missRow(what: string, f: SizeFigures, m: MissFigures): Row {
  const states = Object.entries(m.route.cache).map(([state, n]) => `${n} ${state}`);
  return [
    what,
    `${round(m.route.medianMs, 1)} ms (p95 ${round(m.route.p95Ms, 1)}; ${states.join(', ')})`,
    `${round(ratio(m), 2)}× floor = ${goal(inMissFloors(f, ratio(m)))}`,
  ];
}

/** The terminal rows of the same figures, each with its goal. */
export function worstRows(f: SizeFigures): Row[] {
  const sweep = f.searchSweep;
  return [
    [
      'misses in miss floors (/contact-us fresh)',
      `Explore ${inMissFloors(f, ratio(f.exploreMiss))}, a profile ${inMissFloors(f, ratio(f.profileMiss))}`,
      `a new search ${inMissFloors(f, Math.max(ratio(f.searchMiss), ratio(f.searchMissCategory)))} (goal ≤ ${MISS_FLOOR_GOAL} each)`,
    ],
    missRow('/profile of the top creator, cold, c=1', f, f.profileTopMiss),
    missRow('/envolvement/{id} cold, signed in, c=1', f, f.detailColdSignedIn),
    missRow('/envolvement/{id} cold, signed out, c=1', f, f.detailColdSignedOut),
    [
      `/explore?q=<pair>&category=…, ${sweep.pairs} pairs × ${sweep.samples}`,
      `worst "${sweep.worst.query}" ${round(sweep.worst.medianMs, 1)} ms (first "${sweep.firstWorst.query}" ${round(sweep.firstWorst.medianMs, 1)}), median ${round(sweep.medianMs, 1)} ms`,
      `${round(worstPairRatio(f), 2)}× floor = ${goal(inMissFloors(f, worstPairRatio(f)))}`,
    ],
    [
      '/contact-us RSC payload (the layout)',
      `${f.sizes.layoutRscKb} KB (a 404: ${f.sizes.notFoundRscKb} KB)`,
      'goal ≤ 6 KB',
    ],
    ['/contact-us HTML', `${f.sizes.contactHtmlKb} KB`, 'goal ≤ 12 KB'],
  ];
}
