import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { useTestDatabase } from '../helpers/db';
import { call } from '../helpers/http';
import { createEnvolvement, createUser } from '../factories';

useTestDatabase();

const pull = (query = '', as?: { id: string } | null) => call('GET', `/api/post/pull${query}`, { as: as ?? null });

async function seedRows(n: number) {
  const creator = await createUser();
  const base = Date.now();
  for (let i = 0; i < n; i++) {
    await createEnvolvement(creator.id, { title: `Item ${i}`, createdAt: new Date(base - i * 1000) });
  }
  return creator;
}

describe('GET /api/post/pull', () => {
  it('pages newest first, each row exactly once', async () => {
    await seedRows(30);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await pull(`?limit=7${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      // The first page counts; later pages do not count again.
      expect(res.body.total).toBe(cursor ? null : 30);
      expect(res.body.items.length).toBeLessThanOrEqual(7);
      seen.push(...res.body.items.map((i: { title: string }) => i.title));
      cursor = res.body.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(5);
    expect(seen).toEqual(Array.from({ length: 30 }, (_, i) => `Item ${i}`));
  });

  it('pages through rows made within the same millisecond without skipping any', async () => {
    const creator = await createUser();
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await createEnvolvement(creator.id, { title: `Burst ${i}` }));
    // Microseconds apart: the cursor keeps only milliseconds.
    await db().execute(
      sql`update envolvements set created_at = timestamptz '2026-06-01 12:00:00.000100+00' + (random() * interval '0.0008 seconds')`,
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: { body: { items: Array<{ _id: string }>; nextCursor: string | null } } = await pull(
        `?limit=1${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...res.body.items.map((item) => item._id));
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(seen.sort()).toEqual(made.map((row) => row.id).sort());
  });

  it('defaults to 24 per page and accepts 1 to 100', async () => {
    await seedRows(26);
    expect((await pull()).body.items).toHaveLength(24);
    expect((await pull('?limit=1')).body.items).toHaveLength(1);
    expect((await pull('?limit=100')).body.items).toHaveLength(26);
    for (const bad of ['0', '101', 'abc', '2.5']) {
      const res = await pull(`?limit=${bad}`);
      expect(res.status).toBe(400);
      expect(res.body.fields).toHaveProperty('limit');
    }
  });

  it('searches title and description by words, case-insensitively; punctuation alone finds nothing', async () => {
    const creator = await createUser();
    await createEnvolvement(creator.id, { title: 'Watercolour PORTRAITS', description: 'x' });
    await createEnvolvement(creator.id, { title: 'Other', description: 'we paint portraits live' });
    await createEnvolvement(creator.id, { title: 'Speedrun', description: '100% run' });
    const res = await pull('?q=portrait');
    expect(res.body.items.map((i: { title: string }) => i.title).sort()).toEqual(['Other', 'Watercolour PORTRAITS']);
    expect(res.body.total).toBe(2);
    expect((await pull('?q=100%25')).body.items.map((i: { title: string }) => i.title)).toEqual(['Speedrun']);
    // Searching is by words (tests/integration/search-words.test.ts has the rules): a sign is not one.
    expect((await pull('?q=%25')).body).toEqual({ items: [], nextCursor: null, total: 0, totalCapped: false });
  });

  it('filters by any of the chosen categories', async () => {
    const creator = await createUser();
    await createEnvolvement(creator.id, { title: 'A', categories: ['Art'] });
    await createEnvolvement(creator.id, { title: 'M', categories: ['Music', 'Video'] });
    await createEnvolvement(creator.id, { title: 'G', categories: ['Gaming'] });
    const res = await pull('?category=Art&category=Video');
    expect(res.body.items.map((i: { title: string }) => i.title).sort()).toEqual(['A', 'M']);
    const qa = await pull('?category=Q%26A');
    expect(qa.body.items).toEqual([]);
    const bad = await pull('?category=Cooking');
    expect(bad.status).toBe(400);
  });

  it('refuses a forged cursor', async () => {
    const res = await pull('?cursor=garbage');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Invalid cursor', code: 'bad_request' });
  });
});

describe('listEnvolvementsByCategory', () => {
  /** Five envolvements in Gaming and Music, newest first, and one in Art. */
  async function fiveInTwoCategoriesAndOneArt() {
    const { listEnvolvementsByCategory } = await import('@/lib/envolvements/list');
    const creator = await createUser();
    const base = Date.now();
    for (let i = 0; i < 5; i++)
      await createEnvolvement(creator.id, {
        title: `G${i}`,
        categories: ['Gaming', 'Music'],
        createdAt: new Date(base - i * 1000),
      });
    await createEnvolvement(creator.id, { title: 'Art only', categories: ['Art'] });
    return { listEnvolvementsByCategory, creator };
  }

  it('groups the newest of each non-empty category, in category order', async () => {
    const { listEnvolvementsByCategory, creator } = await fiveInTwoCategoriesAndOneArt();
    const groups = await listEnvolvementsByCategory(creator.id, 3);
    expect(groups.map((g) => [g.category, g.items.map((i) => i.title), g.more])).toEqual([
      ['Gaming', ['G0', 'G1', 'G2'], 0],
      ['Art', ['Art only'], 0],
      ['Music', ['G0', 'G1', 'G2'], 0],
    ]);
  });

  it("draws only the first rows' first cards, and says where each row's rest is read", async () => {
    const { listEnvolvementsByCategory } = await fiveInTwoCategoriesAndOneArt();
    const groups = await listEnvolvementsByCategory(null, 4, { rows: 2, cards: 2 });
    expect(groups.map((g) => [g.category, g.items.map((i) => i.title), g.more])).toEqual([
      ['Gaming', ['G0', 'G1'], 2],
      ['Art', ['Art only'], 0],
      // Not drawn: the browser reads the whole row, from the top.
      ['Music', [], 4],
    ]);
    expect(groups[2].cursor).toBeNull();
    // The rest of a drawn row is the API's page after its last drawn card.
    const rest = await pull(`?category=Gaming&limit=${groups[0].more}&cursor=${encodeURIComponent(groups[0].cursor!)}`);
    expect(rest.status).toBe(200);
    expect(rest.body.items.map((i: { title: string }) => i.title)).toEqual(['G2', 'G3']);
    const whole = await pull(`?category=Music&limit=${groups[2].more}`);
    expect(whole.body.items.map((i: { title: string }) => i.title)).toEqual(['G0', 'G1', 'G2', 'G3']);
  });
});
