// Finds the route file Next would run for a URL path, from the folders under app/, with
// the params its dynamic segments take: tests call handlers by their real path.
import fs from 'node:fs';
import path from 'node:path';

const APP_DIR = path.resolve(import.meta.dirname, '../../app');

type Segment = { kind: 'static'; name: string } | { kind: 'dynamic' | 'catchAll'; name: string };
type RouteFile = { file: string; segments: Segment[] };

function segmentOf(folder: string): Segment {
  const catchAll = /^\[\.\.\.(.+)\]$/.exec(folder);
  if (catchAll) return { kind: 'catchAll', name: catchAll[1]! };
  const dynamic = /^\[(.+)\]$/.exec(folder);
  return dynamic ? { kind: 'dynamic', name: dynamic[1]! } : { kind: 'static', name: folder };
}

let cached: RouteFile[] | undefined;

function routeFiles(): RouteFile[] {
  cached ??= (fs.readdirSync(APP_DIR, { recursive: true }) as string[])
    .filter((file) => /(^|[\\/])route\.(ts|tsx)$/.test(file))
    .map((file) => ({
      file: path.join(APP_DIR, file),
      // Route groups, '(app)', are not part of the URL.
      segments: path
        .dirname(file)
        .split(path.sep)
        .filter((folder) => folder !== '.' && !/^\(.*\)$/.test(folder))
        .map(segmentOf),
    }));
  return cached;
}

type Params = Record<string, string | string[]>;

function matchRoute(route: RouteFile, parts: string[]): Params | null {
  const params: Params = {};
  for (const [i, segment] of route.segments.entries()) {
    if (segment.kind === 'catchAll') {
      if (i >= parts.length) return null;
      params[segment.name] = parts.slice(i);
      return params;
    }
    const part = parts[i];
    if (part === undefined) return null;
    if (segment.kind === 'static' && segment.name !== part) return null;
    if (segment.kind === 'dynamic') params[segment.name] = part;
  }
  return route.segments.length === parts.length ? params : null;
}

// Next prefers a static folder to a dynamic one, and a dynamic one to a catch-all.
const rank = (route: RouteFile) =>
  route.segments.map((s) => (s.kind === 'static' ? '0' : s.kind === 'dynamic' ? '1' : '2')).join('');

/** The route file for a URL path and its params (each as it appears in the path), or null. */
export function resolveRoute(pathname: string): { file: string; params: Params } | null {
  const parts = pathname.split('/').filter(Boolean);
  const found = routeFiles()
    .map((route) => ({ route, params: matchRoute(route, parts) }))
    .filter((m): m is { route: RouteFile; params: Params } => m.params !== null)
    .sort((a, b) => rank(a.route).localeCompare(rank(b.route)));
  const best = found[0];
  return best ? { file: best.route.file, params: best.params } : null;
}
