// Whether this server has been told to stop (./shutdown.ts) and is draining: still answering
// everything, but telling load balancers through GET /api/ready to send it nothing new.
// On globalThis under a registered symbol: the shutdown runs in instrumentation's bundle,
// the readiness check in the app's, and each loads its own copy of this module.
const KEY = Symbol.for('envolve.stopping');
const holder = globalThis as typeof globalThis & { [KEY]?: boolean };

export function markStopping(): void {
  holder[KEY] = true;
}

export function isStopping(): boolean {
  return holder[KEY] === true;
}
