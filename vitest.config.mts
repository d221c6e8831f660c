import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname),
      // `server-only` throws outside React Server Components; tests are server code.
      'server-only': path.resolve(import.meta.dirname, 'tests/helpers/server-only.ts'),
    },
  },
  test: {
    environment: 'node',
    include: ['tests/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Each file starts its own database; two at a time suits a two-core machine.
    maxWorkers: 2,
  },
});
