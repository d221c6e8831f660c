import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { db, setDatabaseHandle } from '@/lib/db/client';
import { getProfileCounts } from '@/lib/creator/profile-counts';
import { listEnvolvementsByCreator } from '@/lib/envolvements/creator-list';
import { listEnvolvements, listEnvolvementsByCategory, listPurchasedEnvolvements } from '@/lib/envolvements/list';
import { suggest } from '@/lib/envolvements/suggest';
import { useTestDatabase } from '../helpers/db';
import { recordStatements, type Recorded } from '../helpers/statements';

// No list a request reads may cost more as the table grows: on 20,000 envolvements every
// query of Explore, search and the profiles is planned without a sequential scan.
const { handle } = useTestDatabase();
const ROWS = 20_000;
const TOP_CREATOR = 'local|plans-top';
const BUYER = 'local|plans-buyer';

async function seed() {
  await db().execute(sql`
    insert into users (id, name, nickname, email)
    select 'local|plans-' || g, 'Plans ' || g, 'plans' || g, 'plans' || g || '@example.com'
    from generate_series(1, 199) g
    union all select ${TOP_CREATOR}, 'Top', 'top', 'top@example.com'
    union all select ${BUYER}, 'Buyer', 'buyer', 'buyer@example.com'`);
  await db().execute(sql`
    insert into envolvements (creator_id, title, preview_text, description, categories, is_active, created_at)
    select
      case when g % 10 = 0 then ${TOP_CREATOR} else 'local|plans-' || (1 + g % 199) end,
      (array['Portrait', 'Landscape', 'Song', 'Speedrun', 'Lesson'])[1 + g % 5] || ' commission number ' || g,
      'Preview ' || g,
      case when g % 500 = 7 then 'a rare zanzibar trip' else 'plain words for row ' || g end,
      array[(array['Art', 'Music', 'Gaming', 'Video', 'Education'])[1 + g % 5]]
        || case when g % 3 = 0 then array['Other'] else array[]::text[] end,
      g % 20 <> 0,
      now() - g * interval '1 minute'
    from generate_series(1, ${ROWS}) g`);
  // One member for most envolvements, and 60 memberships for one buyer.
  await db().execute(sql`
    insert into purchases (envolvement_id, user_id, created_at)
    select id, 'local|plans-' || (1 + abs(hashtext(id::text)) % 199), created_at from envolvements where is_active
    union all
    select id, ${BUYER}, created_at from (
      select id, created_at from envolvements where is_active order by created_at desc limit 60
    ) recent`);
  await db().execute(sql`analyze`);
}

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; Plans?: PlanNode[] };

function nodesOf(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodesOf)];
}

function planOf(result: unknown): PlanNode {
  const rows = (result as { rows: Array<Record<string, unknown>> }).rows;
  const cell = rows[0]?.['QUERY PLAN'];
  const json = (typeof cell === 'string' ? JSON.parse(cell) : cell) as Array<{ Plan: PlanNode }>;
  return json[0]!.Plan;
}

async function explain(text: string, params: unknown[]): Promise<PlanNode> {
  return planOf(await handle().executeSql(`explain (format json) ${text}`, params));
}

const TABLES = new Set(['envolvements', 'envolvement_categories', 'purchases']);
// The search functions read users and the word list too: by index alone, however small.
const SEARCH_TABLES = new Set([...TABLES, 'users', 'search_words']);
const seqScans = (plan: PlanNode, tables = TABLES) =>
  nodesOf(plan)
    .filter((node) => node['Node Type'] === 'Seq Scan' && tables.has(node['Relation Name'] ?? ''))
    .map((node) => node['Relation Name']);

/**
 * The plan of a search function's own query: its SQL body with its parameters numbered, under
 * the settings the function sets for itself.
 */
async function explainFunction(name: string, args: unknown[]): Promise<PlanNode> {
  const found = (await handle().executeSql(`select prosrc, proargnames, proconfig from pg_proc where proname = $1`, [
    name,
  ])) as { rows: Array<{ prosrc: string; proargnames: string[]; proconfig: string[] | null }> };
  const { prosrc, proargnames, proconfig } = found.rows[0]!;
  const body = proargnames
    .slice(0, args.length)
    .reduce((text, arg, i) => text.replace(new RegExp(`\\b${arg}\\b`, 'g'), `$${i + 1}`), prosrc);
  const client = (handle().db as unknown as { $client: unknown }).$client;
  const settings = (proconfig ?? []).map((setting) => `set local ${setting.replace('=', ' = ')}`);
  if (handle().kind === 'postgres') {
    const connection = await (client as pg.Pool).connect();
    try {
      await connection.query('begin');
      for (const setting of settings) await connection.query(setting);
      return planOf(await connection.query(`explain (format json) ${body}`, args));
    } finally {
      await connection.query('rollback');
      connection.release();
    }
  }
  return (client as PGlite).transaction(async (tx) => {
    for (const setting of settings) await tx.query(setting);
    const plan = planOf(await tx.query(`explain (format json) ${body}`, args));
    await tx.rollback();
    return plan;
  });
}

afterEach(() => setDatabaseHandle(handle()));

describe('list queries on 20,000 envolvements', () => {
  it(
    'read indexes only: Explore, search, category filters, profiles, their counts and purchases',
    { timeout: 120_000 },
    async () => {
      await seed();
      const firstPage = await listEnvolvements({ viewerId: BUYER });
      expect(firstPage).toMatchObject({ total: 1000, totalCapped: true });
      const scenarios: Array<[string, () => Promise<unknown>]> = [
        ['category rows', () => listEnvolvementsByCategory(BUYER, 12)],
        ['all, first page', () => listEnvolvements({ viewerId: BUYER })],
        ['all, a later page', () => listEnvolvements({ viewerId: null, cursor: firstPage.nextCursor })],
        ['one category', () => listEnvolvements({ categories: ['Music'], viewerId: null })],
        [
          'two categories, a later page',
          async () => {
            const page = await listEnvolvements({ categories: ['Art', 'Other'], viewerId: null });
            return listEnvolvements({ categories: ['Art', 'Other'], viewerId: null, cursor: page.nextCursor });
          },
        ],
        ['a word in many rows', () => listEnvolvements({ q: 'portrait', viewerId: null })],
        [
          'a word in every row, and its next page',
          async () => {
            const page = await listEnvolvements({ q: 'commission', viewerId: null });
            return listEnvolvements({ q: 'commission', viewerId: null, cursor: page.nextCursor });
          },
        ],
        ['a rare word', () => listEnvolvements({ q: 'zanzibar', viewerId: null })],
        ['a word nowhere', () => listEnvolvements({ q: 'xylophonic', viewerId: null })],
        ['two letters', () => listEnvolvements({ q: 'po', viewerId: null })],
        ['a word and a category', () => listEnvolvements({ q: 'song', categories: ['Music'], viewerId: null })],
        ['two words, in the other order', () => listEnvolvements({ q: 'trip zanzibar', viewerId: null })],
        ['a typo', () => listEnvolvements({ q: 'zanzibr', viewerId: null })],
        ['a creator', () => listEnvolvements({ q: 'top', viewerId: null })],
        ['suggestions', () => suggest('plans 1')],
        [
          'a creator with 2,000 envolvements',
          async () => {
            const page = await listEnvolvementsByCreator(TOP_CREATOR, null);
            return listEnvolvementsByCreator(TOP_CREATOR, TOP_CREATOR, page.nextCursor);
          },
        ],
        ["a creator's counts: members and published", () => getProfileCounts(TOP_CREATOR)],
        [
          "a creator's ended envolvements",
          async () => {
            const page = await listEnvolvementsByCreator(TOP_CREATOR, null, null, 'ended');
            return listEnvolvementsByCreator(TOP_CREATOR, TOP_CREATOR, page.nextCursor, 'ended');
          },
        ],
        [
          'purchases',
          async () => {
            const page = await listPurchasedEnvolvements(BUYER);
            return listPurchasedEnvolvements(BUYER, page.nextCursor);
          },
        ],
      ];
      const scanned: string[] = [];
      for (const [label, work] of scenarios) {
        for (const query of await recordStatements(work)) {
          if (!/^\s*select/i.test(query.sql)) continue;
          const tables = seqScans(await explain(query.sql, query.params));
          if (tables.length) scanned.push(`${label}: ${tables.join(', ')} in ${query.sql.slice(0, 160)}`);
        }
      }
      const far = [new Date(Date.now() + 1e9).toISOString(), 'ffffffff-ffff-ffff-ffff-ffffffffffff'];
      const searches: Array<[string, unknown[]]> = [
        ['search_query_words', ['portrait zanzibr', 5, 32]],
        ['search_query_words', ['commission zanzib', 5, 32]],
        ['envolvement_word_matches', ["'portrait'", null, 1001]],
        ['envolvement_word_matches', ["'zanzibar' & 'trip':*", ['Art'], 1001]],
        ['envolvement_word_newest', ["'portrait'", null, ...far, 25]],
        ['envolvement_word_newest', ["'po':*", ['Music', 'Art'], ...far, 1001]],
        ['creator_word_matches', ["'plans' & '1':*", 1000, 5]],
      ];
      for (const [name, args] of searches) {
        const tables = seqScans(await explainFunction(name, args), SEARCH_TABLES);
        if (tables.length) scanned.push(`${name}(${String(args[0])}): ${tables.join(', ')}`);
      }
      expect(scanned).toEqual([]);
      // New rows go straight into the search indexes: no pending list that every search would read whole.
      const options = (await handle().executeSql(
        `select relname, reloptions from pg_class where relname in ('envolvements_search_idx', 'users_search_idx') order by relname`,
        [],
      )) as { rows: Array<{ relname: string; reloptions: string[] }> };
      expect(options.rows).toEqual([
        { relname: 'envolvements_search_idx', reloptions: ['fastupdate=off'] },
        { relname: 'users_search_idx', reloptions: ['fastupdate=off'] },
      ]);
    },
  );

  it('pages a creator, their purchases and a search through every row once', { timeout: 120_000 }, async () => {
    await seed();
    const creatorIds: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof listEnvolvementsByCreator>> = await listEnvolvementsByCreator(
        TOP_CREATOR,
        null,
        cursor,
      );
      expect(page.items.length).toBeLessThanOrEqual(24);
      creatorIds.push(...page.items.map((item) => item._id));
      cursor = page.nextCursor;
    } while (cursor);
    // Every tenth row is the top creator's; every twentieth is a draft, hidden from others.
    expect(new Set(creatorIds).size).toBe(ROWS / 10 / 2);
    expect(creatorIds.length).toBe(ROWS / 10 / 2);

    const rare: string[] = [];
    cursor = null;
    do {
      const page: Awaited<ReturnType<typeof listEnvolvements>> = await listEnvolvements({
        q: 'zanzibar',
        limit: 7,
        cursor,
        viewerId: null,
      });
      rare.push(...page.items.map((item) => item._id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(new Set(rare).size).toBe(rare.length);
    expect(rare.length).toBe(ROWS / 500);

    // A word in every row: newest first, counted as 1,000+, and the next page goes on from the first.
    // The statistics say so before any match is read: no bitmap of every row is made for it.
    let first!: Awaited<ReturnType<typeof listEnvolvements>>;
    const commonQueries = await recordStatements(async () => {
      first = await listEnvolvements({ q: 'commission', viewerId: null });
    });
    expect(first).toMatchObject({ total: 1000, totalCapped: true });
    const sent = (queries: Recorded[]) => queries.map((query) => query.sql).join('\n');
    expect(sent(commonQueries)).toContain('envolvement_word_estimate');
    expect(sent(commonQueries)).not.toContain('envolvement_word_matches');
    // A rare word is counted and ranked from its matches.
    expect(sent(await recordStatements(() => listEnvolvements({ q: 'zanzibar', viewerId: null })))).toContain(
      'envolvement_word_matches',
    );
    const second = await listEnvolvements({ q: 'commission', viewerId: null, cursor: first.nextCursor });
    expect(second.total).toBeNull();
    const newest = await listEnvolvements({ viewerId: null, limit: 48 });
    expect([...first.items, ...second.items].map((item) => item._id)).toEqual(newest.items.map((item) => item._id));
  });
});
