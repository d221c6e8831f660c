// Searches nobody asked before: the next pair of words on every call, one at a time (through
// ./misses.ts) or many at once through the grid's API, each request a new query.
import autocannon from 'autocannon';
import { FLOOR_PATH, percentile, type Summary, type Window } from './measure';
import { SEARCH_WORDS } from './words';

/**
 * Two-word searches nobody has asked before, common words first: each call gives the next
 * pair, so no two requests of a run share a query, and none is served from the cache.
 */
export function newQueries(suffix?: string): () => string {
  const words = SEARCH_WORDS;
  let n = 0;
  return () => {
    const a = n % words.length;
    const b = (a + 1 + Math.floor(n / words.length)) % words.length;
    n += 1;
    // A third word keeps another run's queries apart from these.
    return suffix ? `${words[a]} ${words[b]} ${suffix}` : `${words[a]} ${words[b]}`;
  };
}

type Burst = { reqPerSec: number; medianMs: number; timeouts: number; non2xx: number };

function burst(baseUrl: string, connections: number, seconds: number, pathOf: () => string): Promise<Burst> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    const instance = autocannon(
      {
        url: baseUrl,
        connections,
        duration: seconds,
        timeout: 10,
        requests: [{ setupRequest: (request) => ({ ...request, path: pathOf() }) }],
      },
      (error: unknown, result: autocannon.Result) => {
        if (error) return reject(error instanceof Error ? error : new Error(String(error)));
        resolve({
          reqPerSec: result.duration > 0 ? latencies.length / result.duration : 0,
          medianMs: percentile(latencies, 0.5),
          timeouts: result.timeouts,
          non2xx: result.non2xx,
        });
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    });
  });
}

/** `window.connections` at once, every request a new search, beside the floor at as many. */
export async function searchMissBurst(
  baseUrl: string,
  window: Window,
  query: () => string,
): Promise<{ route: Summary; floor: Summary }> {
  const routeRuns: Burst[] = [];
  const floorRuns: Burst[] = [];
  for (let round = 0; round < window.rounds; round++) {
    floorRuns.push(await burst(baseUrl, window.connections, window.seconds, () => FLOOR_PATH));
    routeRuns.push(
      await burst(baseUrl, window.connections, window.seconds, () => `/api/post/pull?q=${encodeURIComponent(query())}`),
    );
    // Requests still on their way when the window closed are finished before the next.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
  const summary = (runs: Burst[]): Summary => ({
    medianMs: percentile(
      runs.map((r) => r.medianMs),
      0.5,
    ),
    reqPerSec: runs.reduce((sum, r) => sum + r.reqPerSec, 0) / runs.length,
    requests: 0,
    non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
    timeouts: runs.reduce((sum, r) => sum + r.timeouts, 0),
    errors: 0,
  });
  return { route: summary(routeRuns), floor: summary(floorRuns) };
}
