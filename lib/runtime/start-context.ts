import { AsyncLocalStorage } from 'node:async_hooks';

// Whatever a request makes that outlives it (a pooled database connection, the cache's Redis
// connection) keeps the async context it was made in for as long as it lives: the stores of
// every AsyncLocalStorage at that moment, Next's and React's render state of that request
// among them. React's render state reaches, through the abort reason of its cache signal and
// the queue of Immediates that ran its work, the renders scheduled after it, so one pooled
// connection opened during a render kept that render and every later one alive: the server
// grew by each page it rendered fresh, for as long as the connection stayed open. Such things
// are made in the context the server started in instead.

type Runner = <R>(fn: () => R) => R;

// On globalThis under a registered symbol: instrumentation.ts, the app's bundles and
// cache-handler.mjs each load their own copy of a module, and all need the one context.
const KEY = Symbol.for('envolve.startContext');
const holder = globalThis as typeof globalThis & { [KEY]?: Runner };

/** Keeps the context of the moment: call it once, while the server starts, outside any request. */
export function captureStartContext(): void {
  holder[KEY] ??= AsyncLocalStorage.snapshot() as Runner;
}

/** Runs `fn` in the context the server started in (as it is when none was captured, in tests). */
export function inStartContext<R>(fn: () => R): R {
  const run = holder[KEY];
  return run ? run(fn) : fn();
}
