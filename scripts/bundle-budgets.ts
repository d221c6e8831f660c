// The most first-load JavaScript each public route may make a visitor download, in KB
// gzipped (as `scripts/bench/js-size.ts` measures it). What every route shares (React DOM,
// Next's router and runtime, the layout's menu) weighs about 150 KB on its own with
// Next 16, so the budgets sit a little above what each route needs today: they catch a
// library or a form slipping into a page that does not need it.
export const BUNDLE_BUDGETS_KB: Record<string, number> = {
  '/': 165,
  '/explore': 175,
  '/envolvement/[id]': 182,
  '/create': 218,
  '/profile/[userId]': 175,
};

/** The routes over budget, with their size; empty when all fit. */
export function overBudget(sizes: Record<string, number>, budgets = BUNDLE_BUDGETS_KB) {
  return Object.entries(budgets).flatMap(([route, budget]) => {
    const size = sizes[route];
    if (size === undefined) return [{ route, size: Number.NaN, budget }];
    return size > budget ? [{ route, size, budget }] : [];
  });
}
