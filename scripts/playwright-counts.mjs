// A Playwright reporter that writes how many tests passed and failed to
// PLAYWRIGHT_COUNTS_FILE, with the titles of the failed ones, for the summary of
// `npm test`. A test that passed on retry counts as passed; skipped tests are not counted.
import { writeFileSync } from 'node:fs';

export default class CountsReporter {
  onBegin(_config, suite) {
    this.suite = suite;
  }

  onEnd() {
    const counts = { passed: 0, failed: 0, failures: [] };
    for (const test of this.suite.allTests()) {
      const outcome = test.outcome();
      if (outcome === 'expected' || outcome === 'flaky') counts.passed += 1;
      else if (outcome === 'unexpected') {
        counts.failed += 1;
        const error = test.results.at(-1)?.error?.message ?? '';
        counts.failures.push({ name: test.titlePath().filter(Boolean).join(' › '), message: error });
      }
    }
    if (process.env.PLAYWRIGHT_COUNTS_FILE) writeFileSync(process.env.PLAYWRIGHT_COUNTS_FILE, JSON.stringify(counts));
  }

  printsToStdio() {
    return false;
  }
}
