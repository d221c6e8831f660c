// npm test: typecheck, unit and integration tests, production build, then the
// browser tests against `next start` on a fresh embedded database.
import { spawnSync } from 'node:child_process';
import { findChromium } from './chromium.mjs';

function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  if (result.status !== 0) {
    console.error(`✖ ${label} failed after ${seconds}s`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${label} (${seconds}s)`);
}

const quiet = { NEXT_TELEMETRY_DISABLED: '1' };

run('typecheck', 'npx', ['tsc', '--noEmit', '-p', '.']);
// Integration tests run on the embedded engine, and again on a PostgreSQL server
// when TEST_DATABASE_URL names one.
run('unit and integration tests (PGlite)', 'npx', ['vitest', 'run'], { ...quiet, TEST_DATABASE_URL: '' });
if (process.env.TEST_DATABASE_URL) {
  run('integration tests (PostgreSQL server)', 'npx', ['vitest', 'run', 'tests/integration'], quiet);
}
run('production build', 'npx', ['next', 'build'], { ...quiet, NEXT_DIST_DIR: '' });

if (!findChromium()) {
  const help = [
    'No Chromium found for the browser tests.',
    'Install it with your system packages, for example: sudo apt-get install -y chromium',
    'or point CHROMIUM_PATH at a Chromium or Chrome binary.',
  ].join('\n');
  if (process.env.CI) {
    console.error(`✖ ${help}`);
    process.exit(1);
  }
  console.warn(`⚠ ${help}\nSkipping the browser tests.`);
  process.exit(0);
}
run('browser tests', 'npx', ['playwright', 'test'], quiet);
