// Load with autocannon, always beside the floor: each measurement of a route alternates
// with one of /api/bench/floor at the same concurrency, so that a busy machine slows both
// alike and their ratio still says how much work the route adds.
import autocannon from 'autocannon';

export type Target = { path: string; headers?: Record<string, string> };

/** How long to load a route: `rounds` times `seconds`, each after the same of the floor. */
export type Window = { connections: number; seconds: number; rounds: number };

type Run = { latencies: number[]; seconds: number; non2xx: number; timeouts: number; errors: number };

export type Summary = {
  medianMs: number;
  reqPerSec: number;
  requests: number;
  non2xx: number;
  timeouts: number;
  errors: number;
};

export const FLOOR_PATH = '/api/bench/floor';

/** autocannon's own limit for one answer, in seconds: later, it counts a timeout. */
const TIMEOUT_SECONDS = 10;
const MAX_WAIT_MS = TIMEOUT_SECONDS * 1000;

// autocannon's histogram keeps whole milliseconds; the floor takes two or three, so the
// latencies are taken from its 'response' events, which carry fractions.
function load(baseUrl: string, target: Target, connections: number, seconds: number): Promise<Run> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    const instance = autocannon(
      {
        url: `${baseUrl}${target.path}`,
        connections,
        duration: seconds,
        headers: target.headers,
        timeout: TIMEOUT_SECONDS,
      },
      (error: unknown, result: autocannon.Result) => {
        if (error) reject(error instanceof Error ? error : new Error(String(error)));
        else {
          const { duration, non2xx, timeouts, errors } = result;
          resolve({ latencies, seconds: duration, non2xx, timeouts, errors });
        }
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    });
  });
}

export function percentile(values: number[], fraction: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

function summarize(runs: Run[]): Summary {
  const latencies = runs.flatMap((run) => run.latencies);
  const seconds = runs.reduce((sum, run) => sum + run.seconds, 0);
  const total = (key: 'non2xx' | 'timeouts' | 'errors') => runs.reduce((sum, run) => sum + run[key], 0);
  return {
    medianMs: percentile(latencies, 0.5),
    reqPerSec: seconds > 0 ? latencies.length / seconds : 0,
    requests: latencies.length,
    non2xx: total('non2xx'),
    timeouts: total('timeouts'),
    errors: total('errors'),
  };
}

/** A few requests one after another, so that the route's code is loaded before it is timed; refuses a route that fails. */
export async function warmUp(baseUrl: string, target: Target, times = 3): Promise<void> {
  for (let i = 0; i < times; i++) {
    const response = await fetch(`${baseUrl}${target.path}`, { headers: target.headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${target.path} answered ${response.status} before it was measured`);
  }
}

/**
 * Loads the floor for a while before anything is timed: a server just started runs its
 * code unoptimised at first, and the first route measured would be compared with a floor
 * slower than the later ones.
 */
export async function warmUpFloor(baseUrl: string, seconds: number, floorPath = FLOOR_PATH): Promise<void> {
  await load(baseUrl, { path: floorPath }, 10, seconds);
}

// autocannon stops at the end of its window and drops the requests still on their way, but
// the server finishes them: the next window would start on a busy server. Those requests
// take about as long as the slowest that were answered.
async function letServerFinish(run: Run): Promise<void> {
  const slowest = run.latencies.length > 0 ? Math.max(...run.latencies) : MAX_WAIT_MS;
  await new Promise((resolve) => setTimeout(resolve, Math.min(slowest, MAX_WAIT_MS)));
}

/** The route and the floor (another server's own, when it has one), alternating round by round in the same window. */
export async function measureAgainstFloor(
  baseUrl: string,
  target: Target,
  window: Window,
  floorPath = FLOOR_PATH,
): Promise<{ route: Summary; floor: Summary }> {
  await warmUp(baseUrl, target);
  const floorRuns: Run[] = [];
  const routeRuns: Run[] = [];
  for (let round = 0; round < window.rounds; round++) {
    floorRuns.push(await load(baseUrl, { path: floorPath }, window.connections, window.seconds));
    const run = await load(baseUrl, target, window.connections, window.seconds);
    routeRuns.push(run);
    await letServerFinish(run);
  }
  return { route: summarize(routeRuns), floor: summarize(floorRuns) };
}
