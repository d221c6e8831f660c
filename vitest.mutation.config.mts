import { defineConfig } from 'vitest/config';
import base from './vitest.config.mts';

// For Stryker (stryker.config.json): the test files of a worker share a module registry
// and a database (`isolate: false`), so a mutant costs its tests and not a new database.
// Files that replace or reload modules (vi.mock, vi.resetModules) keep a registry of
// their own, and stubbed variables are put back after each test. Not for `npm test`,
// where every file gets a process and a database of its own.
const MOCKING = ['tests/integration/auth-sessions.test.ts', 'tests/unit/auth-secret.test.ts'];
const { include, ...common } = base.test!;

const project = (name: string, test: object) => ({
  resolve: base.resolve,
  test: { ...common, name, unstubEnvs: true, ...test },
});

export default defineConfig({
  resolve: base.resolve,
  test: {
    maxWorkers: 1,
    projects: [
      project('shared', { include, exclude: MOCKING, isolate: false, env: { TEST_SHARE_DATABASE: '1' } }),
      project('isolated', { include: MOCKING }),
    ],
  },
});
