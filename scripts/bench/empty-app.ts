// An empty Next app of the project's own Next version (bench/empty-app), built and started in
// the same run as Envolve, so that Envolve's figures can be read against what the framework
// alone costs on the same machine in the same hour: a route handler, a page rendered for its
// request, and an ISR page rendered and stored on its first visit, each alternating with the
// empty app's own floor (its route handler) as Envolve's routes alternate with theirs.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildDir } from '../client-bundle';
import { measureAgainstFloor, warmUpFloor, type Summary, type Window } from './measure';
import { missSequence, type MissFigures } from './misses';
import { buildApp, startNext } from './server';
import { payloadKb } from './sizes';

const EMPTY_APP = path.join('bench', 'empty-app');
const FLOOR_PATH = '/api/ping';
/** Written into its build folder after a build: what the build was made from. */
const MARKER = 'bench-source.sha256';

export type EmptyAppFigures = {
  route: { route: Summary; floor: Summary };
  rendered: { route: Summary; floor: Summary };
  isrMiss: MissFigures;
  /** The RSC payload and the HTML of an ISR page: what Next sends for a page with nothing in it. */
  rscKb: number;
  htmlKb: number;
};

/**
 * Its build folder, beside the app's (`<NEXT_DIST_DIR or .next>-empty-app` at the project's
 * root, where the project's tools leave build folders alone), as its next.config.ts reads it:
 * relative to its own folder.
 */
function distDirFromApp(): string {
  return path.relative(EMPTY_APP, path.resolve(`${buildDir()}-empty-app`));
}

/** Refuses to measure an empty app that would run another `next` or `react` than the project's. */
function checkSameFramework(): void {
  const fromApp = { paths: [path.resolve(EMPTY_APP)] };
  for (const name of ['next/package.json', 'react/package.json', 'react-dom/package.json']) {
    if (require.resolve(name, fromApp) !== require.resolve(name))
      throw new Error(`bench/empty-app resolves ${name} elsewhere than the project does`);
  }
}

/**
 * What its build is made from: its files, the cache handler it bundles, and the versions of
 * Next and Node that build it.
 */
function sourceHash(): string {
  const hash = createHash('sha256');
  const { version } = JSON.parse(readFileSync(require.resolve('next/package.json'), 'utf8')) as { version: string };
  hash.update(`next ${version}, node ${process.version}\n`);
  const files = readdirSync(EMPTY_APP, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name !== 'next-env.d.ts')
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  for (const file of [...files, 'cache-handler.mjs']) hash.update(`${file}\n`).update(readFileSync(file));
  return hash.digest('hex');
}

/**
 * Builds the empty app unless its build folder holds a build of the same sources by the same
 * Next and Node (a build takes 7 to 20 s on two cores; it changes only with those). Returns
 * whether it built. Turbopack looks for proxy.ts and instrumentation.ts up the folders from
 * an app that has none, and so compiles the project's: the empty app has an instrumentation
 * file of its own, and a build whose server would run a proxy is refused.
 */
export function buildEmptyApp(): boolean {
  checkSameFramework();
  const dist = path.resolve(EMPTY_APP, distDirFromApp());
  const marker = path.join(dist, MARKER);
  const source = sourceHash();
  const current = existsSync(marker) && readFileSync(marker, 'utf8') === source;
  if (!current) {
    buildApp(EMPTY_APP, { EMPTY_APP_DIST_DIR: distDirFromApp() });
    writeFileSync(marker, source);
  }
  const manifest = JSON.parse(readFileSync(path.join(dist, 'server', 'middleware-manifest.json'), 'utf8')) as {
    middleware: Record<string, unknown>;
  };
  if (Object.keys(manifest.middleware).length > 0)
    throw new Error("The empty app's build runs a proxy: it would not be an empty app");
  return !current;
}

/** Every figure of the empty app, on `port`: each route one request at a time beside the floor. */
export async function measureEmptyApp(port: number, windows: { one: Window; count: number }): Promise<EmptyAppFigures> {
  const server = await startNext({
    dir: EMPTY_APP,
    port,
    readyPath: FLOOR_PATH,
    env: { EMPTY_APP_DIST_DIR: distDirFromApp() },
  });
  try {
    await warmUpFloor(server.url, windows.one.seconds, FLOOR_PATH);
    const route = await measureAgainstFloor(server.url, { path: FLOOR_PATH }, windows.one, FLOOR_PATH);
    const rendered = await measureAgainstFloor(server.url, { path: '/rendered' }, windows.one, FLOOR_PATH);
    // Slugs of this run alone: each timed request is a page nobody asked for. A few first load
    // the code of a miss, as Envolve's routes are loaded before they are timed.
    const run = Date.now().toString(36);
    await missSequence(server.url, 3, (i) => ({ path: `/isr/warm-up-${run}-${i}` }), undefined, FLOOR_PATH);
    const isrMiss = await missSequence(
      server.url,
      windows.count,
      (i) => ({ path: `/isr/${run}-${i}` }),
      undefined,
      FLOOR_PATH,
    );
    const sized = { path: `/isr/${run}-size` };
    return {
      route,
      rendered,
      isrMiss,
      rscKb: await payloadKb(server.url, sized, 'rsc'),
      htmlKb: await payloadKb(server.url, sized, 'html'),
    };
  } finally {
    await server.stop();
  }
}
