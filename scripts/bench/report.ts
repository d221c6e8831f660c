// The figures as bench/results/latest.json holds them and as the terminal shows them.
import { floorMedian, type Measured, type SizeFigures } from './scenario';

type Figures = Record<string, number | boolean | Record<string, number>>;

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;
const latencyRatio = (m: Measured) => round(m.route.medianMs / m.floor.medianMs, 2);
const throughputShare = (m: Measured) => round(m.route.reqPerSec / m.floor.reqPerSec, 3);
const failures = (m: Measured) => ({ timeouts: m.route.timeouts, non2xx: m.route.non2xx, errors: m.route.errors });

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

/** The terminal table of one size: what, its value, and how it compares with the floor. */
export function tableRows(f: SizeFigures): Array<[string, string, string]> {
  const ms = (m: Measured) => `${round(m.route.medianMs, 1)} ms`;
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
    ['  its HTML', `${f.profileTop.htmlKb} KB`, ''],
    ['/api/post/pull, c=50', rps(f.pull), ratioOf(f.pull, 'share')],
    ['/api/post/pull?q=…, c=50', rps(f.pullQ), ratioOf(f.pullQ, 'share')],
    [
      '200 joins at once on 50 spots',
      `${f.claims.succeeded} joined, count ${f.claims.currentCount}, p95 ${round(f.claims.p95Ms, 1)} ms`,
      f.claims.exact ? 'exact' : `NOT EXACT (${f.claims.failed} failed)`,
    ],
    [
      '  200 floors at once',
      `p95 ${round(f.claims.floorP95Ms, 1)} ms`,
      `joins ${round(f.claims.p95Ms / f.claims.floorP95Ms, 2)}× floor`,
    ],
  ];
}

export function printTable(title: string, rows: Array<[string, string, string]>): void {
  const widths = [0, 1].map((i) => Math.max(...rows.map((row) => row[i]!.length)));
  console.log(`\n${title}`);
  for (const [what, value, ratio] of rows) {
    console.log(`  ${what.padEnd(widths[0]!)}  ${value.padEnd(widths[1]!)}  ${ratio}`);
  }
}
