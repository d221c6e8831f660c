import { defineConfig } from 'vitest/config';
import { isolatedProject, sharedProject } from './vitest.config.mts';

// For Stryker (stryker.config.json): the projects of `npm test` on one worker, without the
// global setup. Stryker cuts a run short for every mutant, so nothing would drop a run's
// databases: the shared database keeps a fixed name per checkout and is reused.
export default defineConfig({
  test: {
    maxWorkers: 1,
    projects: [sharedProject({ env: { TEST_SHARE_DATABASE: '1' } }), isolatedProject()],
  },
});
