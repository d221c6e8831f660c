// The most first-load JavaScript each public route may make a visitor download, in KB
// gzipped (as `scripts/bench/js-size.ts` measures it). An empty page of Next 16 (React DOM,
// the router, Turbopack's runtime) weighs 131.4 KB measured this way; every page of the app
// adds the layout's share (the frame drawn in the browser: the top bar and its search, the
// side menu, the footer, the menu dialog; links, the image optimizer's attributes), about
// 17 KB. The frame is code rather than markup in every page's RSC payload, which each cache
// miss renders and stores and each move between pages fetches (1.2 KB more script, cached
// after the first page, against 5 KB less payload on every page). /create meets the 161 KB
// it was given; the others cannot reach 110 to 140 KB over that floor, so their budgets sit
// a few KB above their size today and catch a library or a form slipping into a page that
// does not need it. An envolvement's page draws its viewer's parts in the browser (the join
// bar's action, the creator's tools, the lock or the member tabs, whose code loads only for
// those who may read them). Joining free in one click, and the Follow and Share buttons, are
// controls of the first screen: the envolvement page, profiles and Explore's offer dialog
// hydrate them, 0.4 to 1.8 KB (the share menu and the welcome panel load when first shown).
export const BUNDLE_BUDGETS_KB: Record<string, number> = {
  '/': 154,
  '/explore': 158,
  '/envolvement/[id]': 159,
  '/create': 161,
  '/profile/[userId]': 158,
};

// The most JavaScript each public route may add to what every page loads (the framework and
// the root layout), in KB gzipped, as `ownJsKb` measures it: a page's own components and
// libraries. Cards, lists and articles are drawn on the server; what a page hydrates is its
// few controls, and a form's validation where it has one.
export const OWN_JS_BUDGETS_KB: Record<string, number> = {
  '/': 12,
  '/explore': 12,
  '/envolvement/[id]': 12,
  '/profile/[userId]': 12,
  '/create': 30,
};

/** The routes over budget, with their size; empty when all fit. */
export function overBudget(sizes: Record<string, number>, budgets = BUNDLE_BUDGETS_KB) {
  return Object.entries(budgets).flatMap(([route, budget]) => {
    const size = sizes[route];
    if (size === undefined) return [{ route, size: Number.NaN, budget }];
    return size > budget ? [{ route, size, budget }] : [];
  });
}
