// The figures as bench/results/latest.json holds them and as the terminal shows them.
import type { MissFigures } from './misses';
import { percentile } from './measure';
import { worstJson, worstRows } from './report-worst';
import { floorMedian, type Measured, type SizeFigures } from './scenario';

type Figures = Record<string, number | boolean | string | Record<string, number>>;

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;
const latencyRatio = (m: Measured) => round(m.route.medianMs / m.floor.medianMs, 2);
const missRatio = (m: MissFigures) => round(m.route.medianMs / m.floor.medianMs, 2);
const throughputShare = (m: Measured) => round(m.route.reqPerSec / m.floor.reqPerSec, 3);
const failures = (m: Measured) => ({ timeouts: m.route.timeouts, non2xx: m.route.non2xx, errors: m.route.errors });

/** The figures of what no cache helped with, and of memory when it was measured. */
function missJson(f: SizeFigures): Figures {
  return {
    page_miss_floor_ms: round(f.pageMiss.route.medianMs, 1),
    page_miss_floor_ratio: missRatio(f.pageMiss),
    page_miss_floor_cache: f.pageMiss.route.cache,
    explore_miss_ms: round(f.exploreMiss.route.medianMs, 1),
    explore_miss_ratio: missRatio(f.exploreMiss),
    explore_miss_cache: f.exploreMiss.route.cache,
    profile_miss_ms: round(f.profileMiss.route.medianMs, 1),
    profile_miss_ratio: missRatio(f.profileMiss),
    profile_miss_cache: f.profileMiss.route.cache,
    detail_signed_in_ratio: latencyRatio(f.detail),
    search_miss_ms: round(f.searchMiss.route.medianMs, 1),
    search_miss_p95_ms: round(f.searchMiss.route.p95Ms, 1),
    search_miss_category_ms: round(f.searchMissCategory.route.medianMs, 1),
    // The worse of a search alone and a search within a category.
    search_miss_ratio: Math.max(missRatio(f.searchMiss), missRatio(f.searchMissCategory)),
    search_miss_cache: f.searchMiss.route.cache,
    search_miss_c50_rps: round(f.searchMissC50.route.reqPerSec, 1),
    search_miss_c50_share: throughputShare(f.searchMissC50),
    search_miss_c50_failed: failures(f.searchMissC50),
    explore_c20_rps: round(f.exploreC20.route.reqPerSec, 1),
    explore_c20_share: throughputShare(f.exploreC20),
    edit_churn_hit_ratio: round(f.churn.hitRatio, 3),
    edit_churn_explore_cache: f.churn.exploreCache,
    edit_churn_cache: f.churn.cache,
    edit_churn_edits: f.churn.edits,
    edit_churn_shown_at_once: f.churn.editsShownAtOnce,
    edit_churn_shown_ms: {
      median: round(percentile(f.churn.shownMs, 0.5), 0),
      max: round(Math.max(...f.churn.shownMs), 0),
    },
    edit_churn_not_shown: f.churn.notShown,
    // Existing over new, known over unknown: the goal is 0.9 to 1.1.
    sign_up_alike_ratio: f.answersAlike.signUp.ratio,
    sign_up_ms: { new: f.answersAlike.signUp.newMs, existing: f.answersAlike.signUp.existingMs },
    forgot_alike_ratio: f.answersAlike.forgot.ratio,
    forgot_ms: { unknown: f.answersAlike.forgot.unknownMs, known: f.answersAlike.forgot.knownMs },
    alike_requests: f.answersAlike.count,
    ...(f.memory
      ? {
          rss_start_mb: f.memory.startMb,
          rss_peak_mb: f.memory.peakMb,
          rss_mb: f.memory.loadedMb,
          rss_idle_mb: f.memory.idleMb,
          rss_load: {
            seconds: f.memory.loadSeconds,
            connections: f.memory.connections,
            requests: f.memory.requests,
            idle_seconds: f.memory.idleSeconds,
          },
        }
      : {}),
  };
}

/** One size's figures under their JSON names: latencies in ms, ratios to the floor, shares of its throughput. */
export function toJson(f: SizeFigures): Figures {
  return {
    rows: f.rows,
    floor_c1_ms: round(floorMedian(f), 2),
    floor_c50_rps: round(f.pull.floor.reqPerSec, 1),
    explore_c1_ms: round(f.explore.route.medianMs, 1),
    explore_c1_ratio: latencyRatio(f.explore),
    explore_html_kb: f.explore.htmlKb,
    explore_q_ms: round(f.exploreQ.route.medianMs, 1),
    explore_q_ratio: latencyRatio(f.exploreQ),
    explore_category_ms: round(f.exploreCategory.route.medianMs, 1),
    explore_category_ratio: latencyRatio(f.exploreCategory),
    detail_ms: round(f.detail.route.medianMs, 1),
    detail_ratio: latencyRatio(f.detail),
    profile_top_rows: f.profileTop.rows,
    profile_top_ms: round(f.profileTop.route.medianMs, 1),
    profile_top_ratio: latencyRatio(f.profileTop),
    profile_top_html_kb: f.profileTop.htmlKb,
    pull_c50_rps: round(f.pull.route.reqPerSec, 1),
    pull_c50_share: throughputShare(f.pull),
    pull_c50_failed: failures(f.pull),
    pull_q_c50_rps: round(f.pullQ.route.reqPerSec, 1),
    pull_q_c50_share: throughputShare(f.pullQ),
    pull_q_c50_failed: failures(f.pullQ),
    claims_exact: f.claims.exact,
    claims_succeeded: f.claims.succeeded,
    claims_refused: f.claims.refused,
    claims_failed: f.claims.failed,
    claims_p95_ms: round(f.claims.p95Ms, 1),
    claims_floor_p95_ms: round(f.claims.floorP95Ms, 1),
    claims_p95_ratio: round(f.claims.p95Ms / f.claims.floorP95Ms, 2),
    claims_floor_p95s_ms: { before: round(f.claims.floorP95sMs[0], 1), after: round(f.claims.floorP95sMs[1], 1) },
    ...missJson(f),
    ...worstJson(f),
    js_loaded_kb: f.jsLoadedKb,
  };
}

/** Figures that are not a finite number ≥ 0 (or a boolean): the harness measured nothing there. */
export function insaneFigures(figures: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(figures).flatMap(([name, value]) => {
    if (typeof value === 'boolean' || typeof value === 'string') return [];
    if (value !== null && typeof value === 'object') return insaneFigures(value as Record<string, unknown>, `${name}.`);
    return typeof value === 'number' && Number.isFinite(value) && value >= 0
      ? []
      : [`${prefix}${name}: ${String(value)}`];
  });
}

const ratioOf = (m: Measured, kind: 'latency' | 'share') =>
  kind === 'latency' ? `${latencyRatio(m)}× floor` : `${round(throughputShare(m) * 100, 1)}% of floor`;

/** Memory, when this size measured it. */
function memoryRows({ memory }: SizeFigures): Array<[string, string, string]> {
  if (!memory) return [];
  return [
    [
      `memory, ${memory.loadSeconds} s of mixed load at ${memory.connections} at once`,
      `${memory.startMb} MB at start, peak ${memory.peakMb}, ${memory.loadedMb} at the end`,
      `${memory.idleMb} MB after ${memory.idleSeconds} s idle`,
    ],
  ];
}

/** Sign-up and "forgot password", for an address with an account against one without. */
function alikeRows({ answersAlike: a }: SizeFigures): Array<[string, string, string]> {
  return [
    [
      `sign-up, ${a.count} each, c=1 median`,
      `new ${a.signUp.newMs} ms, with an account ${a.signUp.existingMs} ms`,
      `${a.signUp.ratio}× (goal 0.9 to 1.1)`,
    ],
    [
      `forgot password, ${a.count} each, c=1 median`,
      `unknown ${a.forgot.unknownMs} ms, known ${a.forgot.knownMs} ms`,
      `${a.forgot.ratio}× (goal 0.9 to 1.1)`,
    ],
  ];
}

/** The terminal table of one size: what, its value, and how it compares with the floor. */
export function tableRows(f: SizeFigures): Array<[string, string, string]> {
  const ms = (m: Measured) => `${round(m.route.medianMs, 1)} ms`;
  const missMs = (m: MissFigures) =>
    `${round(m.route.medianMs, 1)} ms (p95 ${round(m.route.p95Ms, 1)}; ${Object.entries(m.route.cache)
      .map(([state, n]) => `${n} ${state}`)
      .join(', ')})`;
  const rps = (m: Measured) =>
    `${round(m.route.reqPerSec, 1)} req/s` +
    (m.route.timeouts + m.route.non2xx ? ` (${m.route.timeouts} timeouts, ${m.route.non2xx} non-2xx)` : '');
  return [
    ['floor, c=1 median', `${round(floorMedian(f), 2)} ms`, ''],
    ['floor, c=50 throughput', `${round(f.pull.floor.reqPerSec, 1)} req/s`, ''],
    ['/explore signed in, c=1 median', ms(f.explore), ratioOf(f.explore, 'latency')],
    ['  its HTML', `${f.explore.htmlKb} KB`, ''],
    ['/explore?q=…, c=1 median', ms(f.exploreQ), ratioOf(f.exploreQ, 'latency')],
    ['/explore?category=…, c=1 median', ms(f.exploreCategory), ratioOf(f.exploreCategory, 'latency')],
    ['/envolvement/{id}, c=1 median', ms(f.detail), ratioOf(f.detail, 'latency')],
    [`/profile of the top creator (${f.profileTop.rows} rows)`, ms(f.profileTop), ratioOf(f.profileTop, 'latency')],
    ['  its HTML', `${f.profileTop.htmlKb} KB`, 'goal ≤ 120 KB'],
    ['/api/post/pull, c=50', rps(f.pull), ratioOf(f.pull, 'share')],
    ['/api/post/pull?q=…, c=50', rps(f.pullQ), ratioOf(f.pullQ, 'share')],
    [
      '200 joins at once on 50 spots',
      `${f.claims.succeeded} joined, count ${f.claims.currentCount}, p95 ${round(f.claims.p95Ms, 1)} ms`,
      f.claims.exact ? 'exact' : `NOT EXACT (${f.claims.failed} failed)`,
    ],
    [
      '  200 floors at once, before and after',
      `p95 ${f.claims.floorP95sMs.map((ms) => round(ms, 1)).join(' and ')} ms`,
      `joins ${round(f.claims.p95Ms / f.claims.floorP95Ms, 2)}× their mean`,
    ],
    ['/contact-us rendered fresh, c=1 median', missMs(f.pageMiss), `${missRatio(f.pageMiss)}× floor`],
    ['/explore rendered fresh, c=1 median', missMs(f.exploreMiss), `${missRatio(f.exploreMiss)}× floor`],
    ['/profile never asked for, c=1 median', missMs(f.profileMiss), `${missRatio(f.profileMiss)}× floor`],
    ['/explore?q=<new words>, c=1 median', missMs(f.searchMiss), `${missRatio(f.searchMiss)}× floor`],
    [
      '/explore?q=<new words>&category=…, c=1',
      missMs(f.searchMissCategory),
      `${missRatio(f.searchMissCategory)}× floor`,
    ],
    ['/api/post/pull?q=<new words>, c=50', rps(f.searchMissC50), ratioOf(f.searchMissC50, 'share')],
    ['/explore cached, c=20', rps(f.exploreC20), ratioOf(f.exploreC20, 'share')],
    [
      `edits every few seconds (${f.churn.edits}), Explore's answers`,
      Object.entries(f.churn.exploreCache)
        .map(([state, n]) => `${n} ${state}`)
        .join(', '),
      `${round(f.churn.hitRatio * 100, 1)}% HIT, ${f.churn.editsShownAtOnce}/${f.churn.edits} shown at once on their pages`,
    ],
    [
      '  each edit on Explore after',
      `median ${round(percentile(f.churn.shownMs, 0.5), 0)} ms, max ${round(Math.max(...f.churn.shownMs), 0)} ms`,
      `${f.churn.notShown} not shown before the next edit`,
    ],
    ...worstRows(f),
    ...alikeRows(f),
    ...memoryRows(f),
  ];
}

export function printTable(title: string, rows: Array<[string, string, string]>): void {
  const widths = [0, 1].map((i) => Math.max(...rows.map((row) => row[i]!.length)));
  console.log(`\n${title}`);
  for (const [what, value, ratio] of rows) {
    console.log(`  ${what.padEnd(widths[0]!)}  ${value.padEnd(widths[1]!)}  ${ratio}`);
  }
}
