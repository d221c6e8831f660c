// Lighthouse scores, mobile form factor, for the public pages of an app that is already
// running (`next start`): the home page, Explore, the first envolvement and its creator's
// profile. Usage: npm run lighthouse [-- BASE_URL]; BASE_URL also from LIGHTHOUSE_BASE_URL,
// default http://localhost:3000. Not part of npm test: scores depend on the machine.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, findChromium } from './chromium.mjs';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const base = (process.argv[2] ?? process.env.LIGHTHOUSE_BASE_URL ?? 'http://localhost:3000').replace(/\/+$/, '');

/** The first listed envolvement and its creator's profile path, from the public API, else the sitemap. */
async function firstEnvolvement() {
  const pulled = await fetch(`${base}/api/post/pull?limit=1`);
  if (pulled.ok) {
    const [item] = (await pulled.json()).items ?? [];
    if (item) return { id: item._id, profile: item.userID.slice(item.userID.indexOf('|') + 1) };
  }
  const sitemap = await fetch(`${base}/sitemap/sitemap/envolvements-0.xml`);
  const id = sitemap.ok ? /\/envolvement\/([0-9a-f-]{36})</.exec(await sitemap.text())?.[1] : undefined;
  if (!id) return null;
  const item = await (await fetch(`${base}/api/post/${id}`)).json();
  return { id, profile: item.userID.slice(item.userID.indexOf('|') + 1) };
}

async function pagesToAudit() {
  const paths = ['/', '/explore'];
  const first = await firstEnvolvement();
  if (first) paths.push(`/envolvement/${first.id}`, `/profile/${encodeURIComponent(first.profile)}`);
  else console.warn('No published envolvement found: auditing / and /explore only.');
  return paths;
}

async function audit(port, path) {
  const result = await lighthouse(`${base}${path}`, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: CATEGORIES,
    formFactor: 'mobile',
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError) throw new Error(`${path}: ${runtimeError.code} ${runtimeError.message}`);
  const scores = Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((categories[id]?.score ?? 0) * 100)]));
  return { scores, lost: lostPoints(categories, audits) };
}

/** The audits that cost a category points (performance aside: its metrics vary with the machine). */
function lostPoints(categories, audits) {
  return CATEGORIES.filter((id) => id !== 'performance').flatMap((id) =>
    (categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && audits[ref.id]?.score < 1)
      .map((ref) => `${id}: ${audits[ref.id].title}`),
  );
}

async function main() {
  const health = await fetch(`${base}/api/health`).catch(() => null);
  if (!health?.ok) throw new Error(`No app answers at ${base}: start it first (next start).`);
  const chromePath = findChromium();
  if (!chromePath) throw new Error('Chromium not found: install it or set CHROMIUM_PATH.');
  const paths = await pagesToAudit();
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless', ...CHROMIUM_ARGS] });
  try {
    const rows = [];
    const losses = [];
    for (const path of paths) {
      const { scores, lost } = await audit(chrome.port, path);
      rows.push({ page: path, ...scores });
      losses.push(...lost.map((title) => `  ${path} ${title}`));
    }
    console.log(`Lighthouse (mobile) against ${base}`);
    console.table(rows);
    if (losses.length) console.log(`Audits that cost points:\n${losses.join('\n')}`);
  } finally {
    await chrome.kill();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
