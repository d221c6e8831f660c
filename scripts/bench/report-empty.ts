// The empty Next app's figures (./empty-app.ts), and Envolve's cheapest miss against its ISR
// miss, as bench/results/latest.json holds them and as the terminal shows them.
import type { EmptyAppFigures } from './empty-app';
import type { SizeFigures } from './scenario';

type Row = [string, string, string];
type Timing = { route: { medianMs: number }; floor: { medianMs: number } };

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;
const ratio = (m: Timing) => m.route.medianMs / m.floor.medianMs;

/** Run-wide figures: the empty app measured once, each route against its own floor (its route handler). */
export function emptyJson(empty: EmptyAppFigures) {
  return {
    empty_floor_ms: round(empty.route.floor.medianMs, 2),
    empty_route_ms: round(empty.route.route.medianMs, 2),
    empty_route_ratio: round(ratio(empty.route), 2),
    empty_rendered_ms: round(empty.rendered.route.medianMs, 2),
    empty_rendered_ratio: round(ratio(empty.rendered), 2),
    empty_isr_miss_ms: round(empty.isrMiss.route.medianMs, 2),
    empty_isr_miss_ratio: round(ratio(empty.isrMiss), 2),
    empty_isr_miss_cache: empty.isrMiss.route.cache,
    empty_rsc_kb: empty.rscKb,
    empty_html_kb: empty.htmlKb,
  };
}

/**
 * Envolve's `/contact-us` rendered fresh over the empty app's ISR miss: as ratios, each app's
 * miss over its own floor (the goal's figure: the two floors differ, Envolve's reading the
 * database through its proxy and route wrapper, and each cancels its machine's moment), and in
 * raw milliseconds.
 */
export function vsEmptyJson(f: SizeFigures, empty: EmptyAppFigures) {
  return {
    page_miss_vs_empty_isr: round(ratio(f.pageMiss) / ratio(empty.isrMiss), 2),
    page_miss_vs_empty_isr_ms: round(f.pageMiss.route.medianMs / empty.isrMiss.route.medianMs, 2),
  };
}

function emptyRow(what: string, m: Timing): Row {
  return [what, `${round(m.route.medianMs, 2)} ms`, `${round(ratio(m), 2)}× its floor`];
}

/** The terminal rows: the empty app's routes, and each size's cheapest miss against its ISR miss. */
export function emptyRows(empty: EmptyAppFigures, sizes: SizeFigures[]): Row[] {
  return [
    ['floor: its route handler, c=1 median', `${round(empty.route.floor.medianMs, 2)} ms`, 'reference, no goal'],
    emptyRow('route handler, c=1 median', empty.route),
    emptyRow('a page rendered per request, c=1 median', empty.rendered),
    emptyRow(`an ISR page never asked for, c=1 median (${empty.isrMiss.route.requests})`, empty.isrMiss),
    ['an ISR page: RSC payload, HTML', `${empty.rscKb} KB, ${empty.htmlKb} KB`, ''],
    ...sizes.map((f): Row => {
      const { page_miss_vs_empty_isr: inFloors, page_miss_vs_empty_isr_ms: inMs } = vsEmptyJson(f, empty);
      return [
        `Envolve's /contact-us fresh over it, ${f.rows} rows`,
        `${inMs}× in ms`,
        `${inFloors}× in floors (no goal yet)`,
      ];
    }),
  ];
}
