// The JavaScript a page downloads by the end of its load, as Chromium counts it: every
// script the page fetched until the network went quiet, lazy chunks included (the offer
// dialog's code, the wizard's checks), by the bytes that crossed the wire (gzip, as
// `next start` sends them). The build's own list (./js-size.ts) leaves out what loads later.
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../chromium.mjs';

/** KB of script per address, signed in with `cookie` (the benchmark's member). */
export async function loadedJsKb(baseUrl: string, paths: Record<string, string>, cookie: string) {
  const executablePath = findChromium({ shell: true });
  if (!executablePath) throw new Error('No Chromium found to load the pages with');
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  const [name, value] = [cookie.slice(0, cookie.indexOf('=')), cookie.slice(cookie.indexOf('=') + 1)];
  const kb: Record<string, number> = {};
  try {
    for (const [route, path] of Object.entries(paths)) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await context.addCookies([{ name, value, url: baseUrl }]);
      const page = await context.newPage();
      const sizes: Array<Promise<number>> = [];
      page.on('requestfinished', (request) => {
        if (request.resourceType() === 'script') sizes.push(request.sizes().then((s) => s.responseBodySize));
      });
      await page.goto(`${baseUrl}${path}`, { waitUntil: 'load' });
      // What the page asks for once loaded (idle callbacks, lazy chunks) counts too.
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(1_000);
      kb[route] = Math.round(((await Promise.all(sizes)).reduce((sum, n) => sum + n, 0) / 1024) * 10) / 10;
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return kb;
}
