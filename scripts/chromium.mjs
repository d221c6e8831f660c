// Finds the Chromium that Playwright drives: the system's package, since browser
// downloads are not available everywhere this project runs.
import fs from 'node:fs';

// Chromium's old headless shell (Debian's chromium-headless-shell, what Playwright itself runs
// headless) gets through the browser tests about a quarter sooner than the full browser in its
// headless mode. The full browser serves when the shell is missing, and always for Lighthouse,
// which measures what a browser draws.
const SHELLS = ['/usr/bin/chromium-headless-shell'];
const BROWSERS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** CHROMIUM_PATH if it exists; else the headless shell when `shell` allows it, then a full browser. */
export function findChromium({ shell = false } = {}) {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) return fs.existsSync(configured) ? configured : null;
  return [...(shell ? SHELLS : []), ...BROWSERS].find((path) => fs.existsSync(path)) ?? null;
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
