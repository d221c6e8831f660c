// npm test: static checks, unit and integration tests, the production build and the
// browser tests against `next start` on a fresh embedded database, and beside them a browser
// smoke test of `npm run dev`. Every stage runs (the browser tests need the build), and the last line
// sums them: `N passed, M failed`.
// The summary names every failed test, so a long log cut short still says what broke.
import { spawn as spawnAsync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findChromium } from './chromium.mjs';

const reports = mkdtempSync(path.join(tmpdir(), 'envolve-test-'));
const quiet = { NEXT_TELEMETRY_DISABLED: '1' };
const totals = { passed: 0, failed: 0 };
const stages = [];

/**
 * Runs a command with its output on this one's, and resolves to its exit status. Never
 * spawnSync: a stage running in the background must keep reading its child's output.
 */
function spawn(command, args, env) {
  return new Promise((resolve) => {
    const child = spawnAsync(command, args, { stdio: 'inherit', env: { ...process.env, ...quiet, ...env } });
    child.on('error', () => resolve(1));
    child.on('close', (code) => resolve(code ?? 1));
  });
}

/** Records how a stage ended and prints its line; returns whether it passed. */
function finish(label, ok, seconds, count) {
  const counted = count?.() ?? null;
  const passed = counted?.passed ?? (ok ? 1 : 0);
  // A crash before any test reported still counts as a failure.
  const failed = counted ? Math.max(counted.failed, ok ? 0 : 1) : ok ? 0 : 1;
  totals.passed += passed;
  totals.failed += failed;
  stages.push({ label, ok, seconds, passed, failed, failures: counted?.failures ?? [] });
  console.log(`${ok ? '✔' : '✖'} ${label}: ${passed} passed, ${failed} failed (${seconds}s)`);
  return ok;
}

/** Runs one stage; `count` reads how many tests passed and failed, else the stage is one check. */
async function stage(label, command, args, { env = {}, count } = {}) {
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  const status = await spawn(command, args, env);
  return finish(label, status === 0, Math.round((Date.now() - started) / 1000), count);
}

/** Runs one check in the background, keeping its output to print when it ends. */
function backgroundCheck([label, command, args, env = {}]) {
  return new Promise((resolve) => {
    const started = Date.now();
    const output = [];
    const child = spawnAsync(command, args, { env: { ...process.env, ...quiet, ...env } });
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      resolve({ label, ok: code === 0, seconds, output: Buffer.concat(output) });
    });
  });
}

/**
 * Runs single-threaded checks two at a time (a two-core machine does two at once), and
 * prints each one's output in order once it has ended. Resolves to the labels of those that passed.
 */
async function checks(list) {
  const results = new Array(list.length);
  let next = 0;
  const lane = async () => {
    while (next < list.length) {
      const index = next++;
      results[index] = await backgroundCheck(list[index]);
    }
  };
  await Promise.all([lane(), lane()]);
  for (const { label, ok, seconds, output } of results) {
    console.log(`\n▶ ${label}`);
    process.stdout.write(output);
    finish(label, ok, seconds);
  }
  return new Set(results.filter(({ ok }) => ok).map(({ label }) => label));
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** The failed tests of a vitest JSON report: file, name and the first line of the error. */
function failuresOf(report) {
  return report.testResults.flatMap((file) => {
    const where = path.relative(process.cwd(), file.name);
    const failed = file.assertionResults.filter((test) => test.status === 'failed');
    // A file that failed before any test ran (an import or a hook) has no failed test.
    if (failed.length === 0 && file.status === 'failed') return [{ name: where, message: file.message ?? '' }];
    return failed.map((test) => ({ name: `${where} › ${test.fullName}`, message: test.failureMessages?.[0] ?? '' }));
  });
}

function vitest(label, args, env) {
  const file = path.join(reports, `${stages.length}-vitest.json`);
  return stage(
    label,
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`],
    {
      env,
      count: () => {
        const report = readJson(file);
        return report && { passed: report.numPassedTests, failed: report.numFailedTests, failures: failuresOf(report) };
      },
    },
  );
}

const playwrightRun = (label, args) => {
  const file = path.join(reports, `${label.replace(/\W+/g, '-')}-playwright.json`);
  const reporter = path.join(import.meta.dirname, 'playwright-counts.mjs');
  return {
    args: ['playwright', 'test', ...args, `--reporter=list,${reporter}`],
    env: { PLAYWRIGHT_COUNTS_FILE: file },
    count: () => readJson(file),
  };
};

function playwright(label, args = []) {
  const { args: command, env, count } = playwrightRun(label, args);
  return stage(label, 'npx', command, { env, count });
}

/**
 * `npm run dev`, the README's first command, in a browser (playwright.dev.config.ts). It needs
 * no build, but runs after it: `next dev` with a build folder of its own rewrites tsconfig.json
 * until it stops, and beside the unit and integration tests its first compiles pushed their
 * process-spawning tests past their time. It runs beside the benchmark and the browser tests,
 * on ports and folders of its own. Gives a function that waits for it to end and prints its
 * output then.
 */
function startDevServerSmoke() {
  const label = 'npm run dev in a browser';
  if (!findChromium({ shell: true })) {
    console.warn('⚠ No Chromium found: the smoke test of `npm run dev` is skipped.');
    if (process.env.CI) totals.failed += 1;
    return async () => undefined;
  }
  const { args, env, count } = playwrightRun(label, ['--config', 'playwright.dev.config.ts']);
  const running = backgroundCheck([label, 'npx', args, env]);
  return async () => {
    const { ok, seconds, output } = await running;
    console.log(`\n▶ ${label}`);
    process.stdout.write(output);
    finish(label, ok, seconds, count);
  };
}

/**
 * The benchmark on 1,000 rows against the build just made, on a database of its own that
 * it drops at the end, on a port the browser tests do not use. It proves that the harness
 * still runs and writes its figures; the timings themselves are not judged here.
 */
function benchmarkSmoke() {
  const database = new URL(process.env.TEST_DATABASE_URL);
  database.pathname = `/envolve_bench_smoke_${process.pid}`;
  const args = ['--rows', '1000', '--skip-build', '--quick', '--out', path.join(reports, 'bench.json')];
  return stage(
    'benchmark smoke run (1,000 rows)',
    'npx',
    ['tsx', '--conditions=react-server', 'scripts/bench/index.ts', ...args],
    {
      env: { NEXT_DIST_DIR: '', BENCH_DATABASE_URL: database.toString(), BENCH_PORT: '3200' },
    },
  );
}

function chromiumMissing() {
  if (findChromium({ shell: true })) return false;
  const help = [
    'No Chromium found for the browser tests.',
    'Install it with your system packages, for example: sudo apt-get install -y chromium-headless-shell',
    'or point CHROMIUM_PATH at a Chromium or Chrome binary.',
  ].join('\n');
  console.warn(`⚠ ${help}`);
  return true;
}

const passedChecks = await checks([
  ['lint', 'npx', ['eslint', '.', '--max-warnings', '0']],
  // With the route types Next generates, so it checks what `next build` would check.
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  ['unused exports and files', 'npx', ['knip', '--include', 'exports,types,files']],
  ['formatting', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']],
  ['migrations match the schema', 'node', ['scripts/check-migrations.mjs']],
]);
// Integration tests run on the embedded engine, and again on a PostgreSQL server when
// TEST_DATABASE_URL names one.
await vitest('unit and integration tests (PGlite)', [], { TEST_DATABASE_URL: '' });
if (process.env.TEST_DATABASE_URL) {
  await vitest('integration tests (PostgreSQL server)', ['tests/integration'], {});
} else {
  // The tests of races and of several instances skip on PGlite; CI must run them, not skip them.
  console.warn('⚠ No TEST_DATABASE_URL: the integration tests on a PostgreSQL server are skipped.');
  if (process.env.CI) totals.failed += 1;
}
// The build need not check the types again once the typecheck has passed.
const typesChecked = passedChecks.has('typecheck');
const built = await stage('production build', 'npx', ['next', 'build'], {
  env: { NEXT_DIST_DIR: '', NEXT_BUILD_TYPES_CHECKED: typesChecked ? '1' : '' },
});
const devSmokeEnded = startDevServerSmoke();
if (built) {
  await stage('no schema in client chunks', 'npx', [
    'tsx',
    '--conditions=react-server',
    'scripts/check-client-bundle.ts',
  ]);
  await stage('first-load JavaScript within budget', 'npx', [
    'tsx',
    '--conditions=react-server',
    'scripts/check-bundle-budgets.ts',
  ]);
  // Needs a PostgreSQL server: the benchmark measures the app as production runs it.
  if (process.env.TEST_DATABASE_URL) await benchmarkSmoke();
  if (!chromiumMissing()) {
    await playwright('browser tests');
  } else if (process.env.CI) {
    totals.failed += 1;
  }
}
await devSmokeEnded();

rmSync(reports, { recursive: true, force: true });
console.log('\nStages:');
for (const { label, ok, seconds, passed, failed } of stages) {
  console.log(`  ${ok ? '✔' : '✖'} ${label.padEnd(40)} ${passed} passed, ${failed} failed, ${seconds}s`);
}
const failures = stages.flatMap((s) => s.failures.map((failure) => ({ ...failure, label: s.label })));
if (failures.length > 0) console.log('\nFailed:');
for (const { label, name, message } of failures) {
  const first = message.split('\n').find((line) => line.trim()) ?? '';
  console.log(`  ✖ [${label}] ${name}\n      ${first.trim().slice(0, 300)}`);
}
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 ? 1 : 0);
