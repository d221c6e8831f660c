// First-load JavaScript of a route, as the browser downloads it: the gzip size of every
// chunk that `next build` lists for the route's first load (its own chunks, its layouts'
// and the shared runtime), read from the build's diagnostics/route-bundle-stats.json. And
// the route's own share of it: what it loads above the chunks every page of the app loads
// (the framework, the root layout), which is what a page's own code and libraries cost.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildDir } from '../client-bundle';

/** The routes whose first load the benchmark reports, as their addresses name them. */
export const MEASURED_ROUTES = ['/', '/explore', '/envolvement/[id]', '/profile/[userId]', '/create'] as const;

/**
 * The route `next build` lists for an address whose page lives elsewhere (proxy.ts): `/` is
 * answered by `/site/home/[copy]`, the home page's cached copy, and `/explore` by
 * `/explore/[key]`, one cached page per set of filters.
 */
const BUILD_ROUTES: Record<string, string> = { '/': '/site/home/[copy]', '/explore': '/explore/[key]' };

type RouteStats = { route: string; firstLoadChunkPaths: string[] };

function readRouteStats(dir: string): RouteStats[] {
  const file = path.join(dir, 'diagnostics', 'route-bundle-stats.json');
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as RouteStats[];
  } catch (error) {
    throw new Error(`No route bundle stats at ${file}: run next build first`, { cause: error });
  }
}

type Measure = (route: string, chunks: string[], shared: Set<string>) => string[];

function measureRoutes(routes: readonly string[], dir: string, chunksOf: Measure): Record<string, number> {
  const stats = readRouteStats(dir);
  // The stats list pages only: a chunk in every one of them is loaded by every page.
  const shared = new Set(
    stats.reduce<string[]>(
      (common, row, index) =>
        index === 0 ? row.firstLoadChunkPaths : common.filter((file) => row.firstLoadChunkPaths.includes(file)),
      [],
    ),
  );
  const gzipped = new Map<string, number>();
  const sizeOf = (file: string) => {
    const known = gzipped.get(file);
    if (known !== undefined) return known;
    const size = gzipSync(readFileSync(path.resolve(file)), { level: 9 }).length;
    gzipped.set(file, size);
    return size;
  };
  return Object.fromEntries(
    routes.map((route) => {
      const built = BUILD_ROUTES[route] ?? route;
      const entry = stats.find((row) => row.route === built);
      if (!entry) throw new Error(`The build lists no first-load chunks for ${route}`);
      const bytes = chunksOf(route, entry.firstLoadChunkPaths, shared).reduce((sum, file) => sum + sizeOf(file), 0);
      return [route, Math.round((bytes / 1024) * 10) / 10];
    }),
  );
}

/**
 * Each route's first-load JS in KB, gzipped at level 9 like the sizes `next build` used to
 * print. The chunk paths in the stats are relative to the project folder.
 */
export function firstLoadJsKb(
  routes: readonly string[] = MEASURED_ROUTES,
  dir: string = buildDir(),
): Record<string, number> {
  return measureRoutes(routes, dir, (_route, chunks) => chunks);
}

/** Each route's own first-load JS in KB gzipped: its chunks that not every page loads. */
export function ownJsKb(routes: readonly string[] = MEASURED_ROUTES, dir: string = buildDir()): Record<string, number> {
  return measureRoutes(routes, dir, (_route, chunks, shared) => chunks.filter((file) => !shared.has(file)));
}
