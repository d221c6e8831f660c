// Lighthouse scores, mobile form factor, for the public pages of an app that is already
// running (`next start`): Contact Us (the floor, a page of text), the home page, Explore, the
// first envolvement and its creator's profile. Each page is audited three times (LIGHTHOUSE_RUNS to change it) and each score is
// the median of its runs, as one run's performance score moves by several points. Usage:
// npm run lighthouse [-- BASE_URL]; BASE_URL also from LIGHTHOUSE_BASE_URL, default
// http://localhost:3000. Not part of npm test: scores depend on the machine.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, findChromium } from './chromium.mjs';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
/** The performance metrics shown beside the scores, by their audit ids, in milliseconds but CLS. */
const METRICS = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
  SI: 'speed-index',
};
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const base = (process.argv[2] ?? process.env.LIGHTHOUSE_BASE_URL ?? 'http://localhost:3000').replace(/\/+$/, '');

/** The first listed envolvement and its creator's profile path, from the public API, else the sitemap. */
async function firstEnvolvement() {
  const pulled = await fetch(`${base}/api/post/pull?limit=1`);
  if (pulled.ok) {
    const [item] = (await pulled.json()).items ?? [];
    if (item) return { id: item._id, handle: item.username };
  }
  const sitemap = await fetch(`${base}/sitemap/sitemap/envolvements-0.xml`);
  const id = sitemap.ok ? /\/envolvement\/([0-9a-f-]{36})</.exec(await sitemap.text())?.[1] : undefined;
  if (!id) return null;
  const item = await (await fetch(`${base}/api/post/${id}`)).json();
  return { id, handle: item.username };
}

async function pagesToAudit() {
  // Contact Us first: the floor the other pages' scores are read against, in the same run.
  const paths = ['/contact-us', '/', '/explore'];
  const first = await firstEnvolvement();
  if (first) paths.push(`/envolvement/${first.id}`, `/@${first.handle}`);
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
  const metrics = Object.fromEntries(
    Object.entries(METRICS).map(([name, id]) => [name, audits[id]?.numericValue ?? Number.NaN]),
  );
  return { scores, metrics, lost: lostPoints(categories, audits) };
}

/** The median of each score and metric over the page's runs, and every audit any run lost points on. */
async function auditRuns(port, path) {
  const runs = [];
  for (let run = 0; run < RUNS; run += 1) runs.push(await audit(port, path));
  const middle = (pick, names) =>
    Object.fromEntries(names.map((name) => [name, median(runs.map((r) => pick(r)[name]))]));
  const metrics = middle((r) => r.metrics, Object.keys(METRICS));
  return {
    scores: middle((r) => r.scores, CATEGORIES),
    metrics: Object.fromEntries(
      Object.entries(metrics).map(([name, value]) => [
        name,
        name === 'CLS' ? value.toFixed(3) : `${Math.round(value)} ms`,
      ]),
    ),
    lost: [...new Set(runs.flatMap((r) => r.lost))],
  };
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
    const timings = [];
    for (const path of paths) {
      const { scores, metrics, lost } = await auditRuns(chrome.port, path);
      rows.push({ page: path, ...scores });
      timings.push({ page: path, ...metrics });
      losses.push(...lost.map((title) => `  ${path} ${title}`));
    }
    console.log(`Lighthouse (mobile) against ${base}: the median of ${RUNS} run(s) per page`);
    console.table(rows);
    console.table(timings);
    if (losses.length) console.log(`Audits that cost points:\n${losses.join('\n')}`);
  } finally {
    await chrome.kill();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
