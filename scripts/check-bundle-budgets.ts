// After `next build`: fails when a route's first-load JavaScript, or its own share of it, is
// over its budget.
import { firstLoadJsKb, ownJsKb } from './bench/js-size';
import { BUNDLE_BUDGETS_KB, OWN_JS_BUDGETS_KB, overBudget } from './bundle-budgets';

const checks = [
  { what: 'first-load JavaScript', budgets: BUNDLE_BUDGETS_KB, sizes: firstLoadJsKb(Object.keys(BUNDLE_BUDGETS_KB)) },
  { what: 'own JavaScript', budgets: OWN_JS_BUDGETS_KB, sizes: ownJsKb(Object.keys(OWN_JS_BUDGETS_KB)) },
];
let failed = false;
for (const { what, budgets, sizes } of checks) {
  console.log(what);
  for (const [route, size] of Object.entries(sizes)) {
    console.log(`  ${route.padEnd(20)} ${String(size).padStart(6)} KB of ${budgets[route]} KB`);
  }
  for (const { route, size, budget } of overBudget(sizes, budgets)) {
    console.error(`${route} loads ${size} KB of ${what}, over its budget of ${budget} KB.`);
    failed = true;
  }
}
if (failed) {
  console.error('Load what only some visitors need when it is shown (next/dynamic in a client module).');
  process.exit(1);
}
