// First-load JavaScript of a route, as the browser downloads it: the gzip size of every
// chunk that `next build` lists for the route's first load (its own chunks, its layouts'
// and the shared runtime), read from the build's diagnostics/route-bundle-stats.json.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildDir } from '../client-bundle';

/** The routes whose first load the benchmark reports, as their addresses name them. */
export const MEASURED_ROUTES = ['/', '/explore', '/envolvement/[id]', '/create'] as const;

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

/**
 * Each route's first-load JS in KB, gzipped at level 9 like the sizes `next build` used to
 * print. The chunk paths in the stats are relative to the project folder.
 */
export function firstLoadJsKb(
  routes: readonly string[] = MEASURED_ROUTES,
  dir: string = buildDir(),
): Record<string, number> {
  const stats = readRouteStats(dir);
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
      const bytes = entry.firstLoadChunkPaths.reduce((sum, file) => sum + sizeOf(file), 0);
      return [route, Math.round((bytes / 1024) * 10) / 10];
    }),
  );
}
