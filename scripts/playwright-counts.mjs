// A Playwright reporter that writes how many tests passed and failed to
// PLAYWRIGHT_COUNTS_FILE, for the summary line of `npm test`. A test that passed on
// retry counts as passed; skipped tests are not counted.
import { writeFileSync } from 'node:fs';

export default class CountsReporter {
  onBegin(_config, suite) {
    this.suite = suite;
  }

  onEnd() {
    const counts = { passed: 0, failed: 0 };
    for (const test of this.suite.allTests()) {
      const outcome = test.outcome();
      if (outcome === 'expected' || outcome === 'flaky') counts.passed += 1;
      else if (outcome === 'unexpected') counts.failed += 1;
    }
    if (process.env.PLAYWRIGHT_COUNTS_FILE) writeFileSync(process.env.PLAYWRIGHT_COUNTS_FILE, JSON.stringify(counts));
  }

  printsToStdio() {
    return false;
  }
}
