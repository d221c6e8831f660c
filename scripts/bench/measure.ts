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

// autocannon's histogram keeps whole milliseconds; the floor takes two or three, so the
// latencies are taken from its 'response' events, which carry fractions.
function load(baseUrl: string, target: Target, connections: number, seconds: number): Promise<Run> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    const instance = autocannon(
      { url: `${baseUrl}${target.path}`, connections, duration: seconds, headers: target.headers, timeout: 10 },
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

/** The route and the floor, alternating round by round in the same window. */
export async function measureAgainstFloor(
  baseUrl: string,
  target: Target,
  window: Window,
): Promise<{ route: Summary; floor: Summary }> {
  await warmUp(baseUrl, target);
  const floorRuns: Run[] = [];
  const routeRuns: Run[] = [];
  for (let round = 0; round < window.rounds; round++) {
    floorRuns.push(await load(baseUrl, { path: FLOOR_PATH }, window.connections, window.seconds));
    routeRuns.push(await load(baseUrl, target, window.connections, window.seconds));
  }
  return { route: summarize(routeRuns), floor: summarize(floorRuns) };
}
