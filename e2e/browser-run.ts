// What the two browser-test configs share (playwright.config.ts runs the production build,
// playwright.dev.config.ts `npm run dev`): the system's Chromium, CI's one rerun of a failed
// test, and what a failure leaves to look at.
import { devices, type PlaywrightTestConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../scripts/chromium.mjs';

const ci = Boolean(process.env.CI);

export const runRules = { fullyParallel: false, forbidOnly: ci, retries: ci ? 1 : 0 } satisfies PlaywrightTestConfig;

export const failureRecords = {
  // A trace records a screencast and the page at every step, which costs a fifth of the run:
  // CI, which runs a failed test again, records it for that second run only.
  trace: ci ? 'on-first-retry' : 'retain-on-failure',
  screenshot: 'only-on-failure',
  launchOptions: { executablePath: findChromium({ shell: true }) ?? undefined, args: CHROMIUM_ARGS },
} satisfies PlaywrightTestConfig['use'];

/** Desktop Chrome's viewport and agent, on the system's Chromium rather than a Chrome channel. */
export const desktopChromium = { ...devices['Desktop Chrome'], channel: undefined };
