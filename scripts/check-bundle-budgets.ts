// After `next build`: fails when a route's first-load JavaScript is over its budget.
import { firstLoadJsKb } from './bench/js-size';
import { BUNDLE_BUDGETS_KB, overBudget } from './bundle-budgets';

const sizes = firstLoadJsKb(Object.keys(BUNDLE_BUDGETS_KB));
for (const [route, size] of Object.entries(sizes)) {
  console.log(`${route.padEnd(20)} ${String(size).padStart(6)} KB of ${BUNDLE_BUDGETS_KB[route]} KB`);
}
const over = overBudget(sizes);
for (const { route, size, budget } of over) {
  console.error(`${route} loads ${size} KB of JavaScript first, over its budget of ${budget} KB.`);
}
if (over.length > 0) {
  console.error('Load what only some visitors need when it is shown (next/dynamic in a client module).');
  process.exit(1);
}
