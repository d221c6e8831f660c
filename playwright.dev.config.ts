import { defineConfig } from '@playwright/test';
import { desktopChromium, failureRecords, runRules } from './e2e/browser-run';

// The smoke test of `npm run dev`, the README's first command (e2e-dev/): the other browser
// tests run the production build, which behaves differently where React does (development
// runs every effect twice). Run by `npm test`, or alone with
// `npx playwright test --config playwright.dev.config.ts`.
const port = Number(process.env.DEV_SMOKE_PORT ?? 3300);
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: 'e2e-dev',
  // Its own folder: it runs beside the other browser tests, whose folder is emptied as they start.
  outputDir: 'test-results-dev',
  // One server, one database, and steps that build on each other.
  workers: 1,
  ...runRules,
  // The development server compiles each route the first time it is asked for, beside the
  // production browser tests on a machine of two cores: a first visit can take a minute.
  timeout: 120_000,
  expect: { timeout: 60_000 },
  reporter: [['list']],
  use: {
    baseURL,
    navigationTimeout: 90_000,
    ...failureRecords,
  },
  projects: [{ name: 'chromium', use: desktopChromium }],
  webServer: {
    command: 'node e2e-dev/dev-server.mjs',
    url: `${baseURL}/api/health`,
    // A first start compiles the server, creates the database and adds the demo data.
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    // The dev server closes its database, then the launcher puts back what `next dev` rewrote.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    env: {
      DEV_SMOKE_PORT: String(port),
      NEXT_DIST_DIR: '.next-dev-smoke',
      NEXTAUTH_URL: baseURL,
      NEXT_TELEMETRY_DISABLED: '1',
    },
  },
});
