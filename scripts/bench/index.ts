// npm run bench: seeds a PostgreSQL database with N envolvements, starts the production
// build against it and measures the routes that grow with the data, each against the
// floor (the app's cheapest dynamic route) in the same window. See docs/benchmark.md.
//
//   npm run bench -- [--rows 1000] [--compare 1000,100000] [--skip-build] [--quick]
//                    [--out bench/results/latest.json] [--port 3200] [--keep-database]
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { benchDatabaseUrl, dropDatabase, recreateDatabase, withClient } from './database';
import { buildEmptyApp, measureEmptyApp } from './empty-app';
import { firstLoadJsKb, ownJsKb } from './js-size';
import { insaneFigures, printTable, tableRows, toJson } from './report';
import { emptyJson, emptyRows, vsEmptyJson } from './report-empty';
import { measureSize, type SizeFigures } from './scenario';
import { memberId, seedBenchData, seedSize } from './seed';
import { buildApp, startServer } from './server';

const { values: options } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000' },
    compare: { type: 'string' },
    'skip-build': { type: 'boolean', default: false },
    quick: { type: 'boolean', default: false },
    out: { type: 'string', default: path.join('bench', 'results', 'latest.json') },
    port: { type: 'string', default: process.env.BENCH_PORT ?? '3200' },
    'keep-database': { type: 'boolean', default: false },
  },
});

function sizesToRun(): number[] {
  const sizes = (options.compare ?? options.rows).split(',').map((text) => Number(text.trim()));
  if (sizes.some((n) => !Number.isInteger(n) || n < 100))
    throw new Error('Sizes are whole numbers of rows, 100 or more');
  return options.compare ? [...sizes].sort((a, b) => a - b) : sizes;
}

// --quick (the CI smoke run) loads each route for a second, once. A real run loads it twice
// for 4 seconds one request at a time, and twice for 12 seconds at 50 at once: answers still
// on their way when a window closes are not counted, so a slow route needs a long window,
// and one longer than the 10-second timeout to show its timeouts.
// The miss figures take `count` fresh requests one at a time, the bursts as the others do, and
// the edit churn 30 seconds of 20 visitors with an edit every 2; memory is sampled through 5
// minutes of mixed load at 20 at once and 2 minutes idle (quick: enough to run each once).
// The search sweep times every pair of the 12 commonest search words and every 8th word after
// them (26 words, 325 pairs), each 3 times; quick: 6 words once.
const burst = (connections: number, seconds: number) =>
  options.quick ? { connections, seconds: 1, rounds: 1 } : { connections, seconds, rounds: 2 };
const windows = {
  one: burst(1, 4),
  fifty: burst(50, 12),
  misses: {
    count: options.quick ? 3 : 12,
    sweep: options.quick ? { top: 3, spreadEvery: 40, samples: 1 } : { top: 12, spreadEvery: 8, samples: 3 },
    c50: burst(50, 12),
    c20: burst(20, 8),
    churn: options.quick
      ? { seconds: 5, connections: 4, everyMs: 2_000 }
      : { seconds: 30, connections: 20, everyMs: 2_000 },
  },
  memory: options.quick
    ? { loadSeconds: 3, idleSeconds: 2, connections: 20 }
    : { loadSeconds: 300, idleSeconds: 120, connections: 20 },
  alike: options.quick ? 20 : 200,
};

async function benchOneSize(rows: number, severalSizes: boolean, withMemory: boolean): Promise<SizeFigures> {
  const url = benchDatabaseUrl(rows, severalSizes);
  const started = Date.now();
  await recreateDatabase(url);
  await withClient(url, (client) => seedBenchData(client, seedSize(rows)));
  console.log(`Seeded ${rows} envolvements in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const server = await startServer(Number(options.port), url);
  try {
    return await withClient(url, async (client) => {
      const viewer = await client.query<{ id: string; name: string; nickname: string }>(
        'select id, name, nickname from users where id = $1',
        [memberId(1)],
      );
      return measureSize(server, client, { rows, viewer: viewer.rows[0]! }, windows, withMemory);
    });
  } finally {
    await server.stop();
    if (!options['keep-database']) await dropDatabase(url);
  }
}

const round2 = (value: number) => Math.round(value * 100) / 100;
const exploreRatio = (f: SizeFigures) => f.explore.route.medianMs / f.explore.floor.medianMs;
const searchMissMs = (f: SizeFigures) => Math.max(f.searchMiss.route.medianMs, f.searchMissCategory.route.medianMs);
const searchMissRatio = (f: SizeFigures) =>
  Math.max(
    f.searchMiss.route.medianMs / f.searchMiss.floor.medianMs,
    f.searchMissCategory.route.medianMs / f.searchMissCategory.floor.medianMs,
  );

/** How the figures grew from the smallest size to the biggest, when a run measured several. */
function growth(smallest: SizeFigures, biggest: SizeFigures) {
  const sweep = (f: SizeFigures) => f.searchSweep.medianMs;
  const sweepRatio = (f: SizeFigures) => f.searchSweep.medianMs / f.searchSweep.floorMs;
  return {
    explore_growth: round2(biggest.explore.route.medianMs / smallest.explore.route.medianMs),
    // The same growth measured in floors: steadier when the machine was busier for one size.
    explore_ratio_growth: round2(exploreRatio(biggest) / exploreRatio(smallest)),
    // A search never asked, alone or in a category, whichever is slower at each size.
    search_miss_growth: round2(searchMissMs(biggest) / searchMissMs(smallest)),
    search_miss_ratio_growth: round2(searchMissRatio(biggest) / searchMissRatio(smallest)),
    // The median of every pair the sweep searched in a category: the same pairs at each size.
    search_miss_category_growth: round2(sweep(biggest) / sweep(smallest)),
    search_miss_category_ratio_growth: round2(sweepRatio(biggest) / sweepRatio(smallest)),
  };
}

/**
 * The empty Next app, built unless its build is current, and measured on the port after the
 * app's while no other server runs: once for the whole run, since it reads no database.
 */
async function benchEmptyApp() {
  const started = Date.now();
  const built = buildEmptyApp();
  console.log(`Empty app ${built ? 'built' : 'build current'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return measureEmptyApp(Number(options.port) + 1, { one: windows.one, count: windows.misses.count });
}

async function main() {
  const sizes = sizesToRun();
  if (!options['skip-build']) buildApp();
  const jsKb = firstLoadJsKb();
  const ownKb = ownJsKb();
  const empty = await benchEmptyApp();
  const measured: SizeFigures[] = [];
  // Memory is measured at the biggest size only: its load alone takes minutes.
  for (const rows of sizes) measured.push(await benchOneSize(rows, sizes.length > 1, rows === Math.max(...sizes)));
  const perSize = measured.map((figures) => ({ ...toJson(figures), ...vsEmptyJson(figures, empty) }));
  const [smallest, biggest] = [measured[0]!, measured[measured.length - 1]!];
  const grew = measured.length > 1 ? growth(smallest, biggest) : null;
  const result = {
    measured_at: new Date().toISOString(),
    quick: options.quick,
    ...perSize[perSize.length - 1]!,
    ...emptyJson(empty),
    js_kb: jsKb,
    own_js_kb: ownKb,
    ...(grew
      ? { ...grew, sizes: Object.fromEntries(perSize.map((figures, i) => [String(measured[i]!.rows), figures])) }
      : {}),
  };
  for (const figures of measured) printTable(`${figures.rows} rows`, tableRows(figures));
  printTable('an empty Next app, the same Next on the same machine', emptyRows(empty, measured));
  printTable(
    'first-load JS (gzip)',
    Object.entries(jsKb).map(([route, kb]) => [
      route,
      `${kb} KB`,
      `own ${ownKb[route]} KB; by the end of its load in Chromium ${biggest.jsLoadedKb[route]} KB`,
    ]),
  );
  if (grew) {
    const line = (what: string, inMs: number, inFloors: number) => `${what}: ${inMs}× (${inFloors}× in floors)`;
    console.log(`\nGrowth ${smallest.rows} → ${biggest.rows} rows`);
    console.log(line('  Explore', grew.explore_growth, grew.explore_ratio_growth));
    console.log(line("  a new search's", grew.search_miss_growth, grew.search_miss_ratio_growth));
    console.log(
      `${line('  the median pair searched in a category', grew.search_miss_category_growth, grew.search_miss_category_ratio_growth)} (goal ≤ 1.1)`,
    );
  }
  mkdirSync(path.dirname(path.resolve(options.out)), { recursive: true });
  writeFileSync(options.out, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\nWrote ${options.out}`);
  const insane = insaneFigures(result);
  if (insane.length > 0) throw new Error(`The run measured nothing for: ${insane.join(', ')}`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
