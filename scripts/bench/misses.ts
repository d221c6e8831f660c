// What a visitor meets when no cache helps: pages rendered fresh (searches never asked are
// ./search-misses.ts), and the cache under a creator's edits. Each figure is taken against the
// floor in the same window, like the rest of the benchmark (./measure.ts), and every request
// records how the server says it answered (`x-nextjs-cache`: HIT, STALE, MISS, or none for a
// rendered page).
import type pg from 'pg';
import { FLOOR_PATH, percentile, type Target } from './measure';
import type { BenchServer } from './server';
import { sessionCookie } from './sessions';

/** Timed requests, and how the cache answered them. */
export type Timed = { medianMs: number; p95Ms: number; requests: number; cache: Record<string, number> };
export type MissFigures = { route: Timed; floor: Timed };

async function timed(baseUrl: string, target: Target): Promise<{ ms: number; cache: string; body: string }> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}${target.path}`, { headers: target.headers });
  const body = await response.text();
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`${target.path} answered ${response.status}`);
  return { ms, cache: response.headers.get('x-nextjs-cache') ?? 'none', body };
}

function summarizeTimed(samples: Array<{ ms: number; cache: string }>): Timed {
  const cache: Record<string, number> = {};
  for (const { cache: state } of samples) cache[state] = (cache[state] ?? 0) + 1;
  const ms = samples.map((s) => s.ms);
  return { medianMs: percentile(ms, 0.5), p95Ms: percentile(ms, 0.95), requests: ms.length, cache };
}

/**
 * `count` requests one at a time, each to the address `targetAt(i)` after `before()` (which
 * makes it a miss), each beside a request of the floor (`floorPath` on another server): their
 * medians are compared.
 */
export async function missSequence(
  baseUrl: string,
  count: number,
  targetAt: (i: number) => Target,
  before: () => Promise<void> = async () => {},
  floorPath = FLOOR_PATH,
): Promise<MissFigures> {
  const route: Array<{ ms: number; cache: string }> = [];
  const floor: Array<{ ms: number; cache: string }> = [];
  for (let i = 0; i < count; i++) {
    floor.push(await timed(baseUrl, { path: floorPath }));
    await before();
    route.push(await timed(baseUrl, targetAt(i)));
  }
  return { route: summarizeTimed(route), floor: summarizeTimed(floor) };
}

export type ChurnFigures = {
  /** Every visited page's answers (Explore's and the profiles'), by how the cache answered them. */
  cache: Record<string, number>;
  /** Explore's answers alone: its default view, a search and a category. */
  exploreCache: Record<string, number>;
  /**
   * The share of Explore's answers from the cache that were HITs. A STALE answer comes from
   * the cache too, but says that Explore is being rendered again behind it, so it does not
   * count; an answer rendered for its request (a search's) is not the cache's, and is left out.
   */
  hitRatio: number;
  edits: number;
  /** Edits whose envolvement page and creator's profile showed them on the very next request. */
  editsShownAtOnce: number;
  /**
   * For each edit, ms from its answer until a visitor's Explore showed it; for an edit not
   * shown before the next one (or the end of the run), the time until then, which it took at least.
   */
  shownMs: number[];
  /** Edits that Explore had not shown by the time of the next (or the end of the run). */
  notShown: number;
};

type Editable = {
  id: string;
  creator_id: string;
  name: string;
  nickname: string;
  preview_text: string;
  categories: string[];
  quantity: number;
  unlimited: boolean;
  price_cents: number;
};

/**
 * A published envolvement on Explore's first screen that an edit of its title alone leaves as
 * it was otherwise: `preferredCreator`'s if one is there, else the newest. Explore's HTML holds
 * the first screen's cards only (the browser reads the rest), so an edit of any other would
 * never show there.
 */
async function editable(server: BenchServer, client: pg.Client, preferredCreator: string): Promise<Editable> {
  const html = (await timed(server.url, { path: '/explore' })).body;
  const shown = [...new Set(html.match(/(?<=\/envolvement\/)[0-9a-f-]{36}/g) ?? [])];
  const { rows } = await client.query<Editable>(
    `select e.id, e.creator_id, u.name, u.nickname, e.preview_text, e.categories, e.quantity, e.unlimited, e.price_cents
     from envolvements e join users u on u.id = e.creator_id
     where e.id = any($1::uuid[]) and e.is_active and e.archived_at is null and e.end_date is null
       and (e.unlimited or e.quantity > e.current_count)
     order by e.creator_id = $2 desc, e.created_at desc limit 1`,
    [shown, preferredCreator],
  );
  if (!rows[0]) throw new Error(`None of the ${shown.length} envolvements on Explore's first screen can be edited`);
  return rows[0];
}

/** Edits an envolvement's title alone, as its creator. */
async function editTitle(server: BenchServer, offer: Editable, cookie: string, title: string): Promise<void> {
  const response = await fetch(`${server.url}/api/post/${offer.id}`, {
    method: 'PUT',
    headers: { cookie, origin: server.url, 'content-type': 'application/json' },
    body: JSON.stringify({
      title,
      previewText: offer.preview_text,
      categories: offer.categories,
      quantity: offer.unlimited ? { quantity: null } : { quantity: offer.quantity, unlimited: false },
      price: offer.price_cents > 0 ? { price: offer.price_cents / 100, free: false } : { price: null },
      isActive: true,
    }),
  });
  if (!response.ok) throw new Error(`The edit answered ${response.status}: ${await response.text()}`);
}

/**
 * When each edit reached Explore: `edited` starts the wait for a title, `seen` ends it when an
 * answer asked for after the edit's own answer holds the title, and an edit still waited for
 * when the next is made (or the run ends) counts as not shown, having taken at least that long.
 */
function showTimes() {
  let waiting: { title: string; at: number } | null = null;
  const shownMs: number[] = [];
  let notShown = 0;
  const giveUp = () => {
    if (!waiting) return;
    shownMs.push(performance.now() - waiting.at);
    notShown += 1;
    waiting = null;
  };
  return {
    edited(title: string) {
      giveUp();
      waiting = { title, at: performance.now() };
    },
    seen(askedAt: number, html: string) {
      if (!waiting || askedAt < waiting.at || !html.includes(waiting.title)) return;
      shownMs.push(performance.now() - waiting.at);
      waiting = null;
    },
    done() {
      giveUp();
      return { shownMs, notShown };
    },
  };
}

/**
 * Explore, searches and profiles under `connections` visitors at once for `seconds`, while the
 * creator of an envolvement on Explore's first screen edits its title every `everyMs`: how
 * many of Explore's answers are HITs (neither rendered again behind the answer nor missed),
 * how long each edit takes to reach a visitor's Explore, and whether the edited envolvement's
 * page and its creator's profile show each edit at once.
 */
export async function measureEditChurn(
  server: BenchServer,
  client: pg.Client,
  options: { visited: Target[]; editorId: string; seconds: number; connections: number; everyMs: number },
): Promise<ChurnFigures> {
  const offer = await editable(server, client, options.editorId);
  const cookie = await sessionCookie(server.secret, {
    id: offer.creator_id,
    name: offer.name,
    nickname: offer.nickname,
  });
  const ownPages = [`/envolvement/${offer.id}`, `/@${offer.nickname}`];
  for (const target of [...options.visited, ...ownPages.map((path) => ({ path }))]) {
    await timed(server.url, target);
    await timed(server.url, target);
  }
  const cache: Record<string, number> = {};
  const exploreCache: Record<string, number> = {};
  const shows = showTimes();
  const started = Date.now();
  const deadline = started + options.seconds * 1000;
  let next = 0;
  const visitor = async () => {
    while (Date.now() < deadline) {
      const target = options.visited[next++ % options.visited.length]!;
      const asked = performance.now();
      const { cache: state, body } = await timed(server.url, target);
      cache[state] = (cache[state] ?? 0) + 1;
      if (!target.path.startsWith('/explore')) continue;
      exploreCache[state] = (exploreCache[state] ?? 0) + 1;
      if (target.path === '/explore') shows.seen(asked, body);
    }
  };
  let edits = 0;
  let editsShownAtOnce = 0;
  // Edits keep to their times, however long the checks after each take, and each has
  // `everyMs` to show before the next one or the end of the run.
  const editor = async () => {
    while (started + (edits + 2) * options.everyMs <= deadline) {
      await new Promise((resolve) => setTimeout(resolve, started + (edits + 1) * options.everyMs - Date.now()));
      edits += 1;
      const title = `Benchmark edit ${edits} of a live session`;
      await editTitle(server, offer, cookie, title);
      shows.edited(title);
      const shown = await Promise.all(ownPages.map(async (path) => (await timed(server.url, { path })).body));
      if (shown.every((html) => html.includes(title))) editsShownAtOnce += 1;
    }
  };
  await Promise.all([editor(), ...Array.from({ length: options.connections }, visitor)]);
  const cached = ['HIT', 'STALE', 'MISS'].reduce((sum, state) => sum + (exploreCache[state] ?? 0), 0);
  const hitRatio = cached > 0 ? (exploreCache.HIT ?? 0) / cached : 0;
  return { cache, exploreCache, hitRatio, edits, editsShownAtOnce, ...shows.done() };
}
