import path from 'node:path';
import { defineConfig } from 'vitest/config';

const resolve = {
  alias: {
    '@': path.resolve(import.meta.dirname),
    // `server-only` throws outside React Server Components; tests are server code.
    'server-only': path.resolve(import.meta.dirname, 'tests/helpers/server-only.ts'),
  },
};

const include = ['tests/**/*.test.ts'];
// Files that replace or reload modules (vi.mock, vi.resetModules) need a registry of their own.
const MOCKING = [
  'tests/integration/auth-sessions.test.ts',
  'tests/integration/auth-sign-in-raw.test.ts',
  'tests/unit/auth-secret.test.ts',
];

const common = {
  environment: 'node',
  testTimeout: 60_000,
  hookTimeout: 120_000,
  pool: 'forks',
  // Stubbed variables are put back after each test, so none outlives its file.
  unstubEnvs: true,
} as const;

// The test files of a worker share a module registry and one database (`isolate: false`):
// starting and migrating a database for every file cost more than the tests themselves.
// Each test still starts from empty tables (tests/helpers/db.ts).
export const sharedProject = (extra: object = {}) => ({
  resolve,
  test: { ...common, name: 'shared', include, exclude: MOCKING, isolate: false, ...extra },
});
export const isolatedProject = () => ({ resolve, test: { ...common, name: 'isolated', include: MOCKING } });

export default defineConfig({
  resolve,
  test: {
    // Two workers suit a two-core machine.
    maxWorkers: 2,
    projects: [
      // A run's shared databases on a PostgreSQL server are named and dropped by the global setup.
      sharedProject({ env: { TEST_SHARE_DATABASE: '1' }, globalSetup: ['tests/helpers/shared-databases.ts'] }),
      isolatedProject(),
    ],
  },
});
