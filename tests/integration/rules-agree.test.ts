import { asc, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { rows } from '@/lib/db/rows';
import { hasFreeSpotSql, isPublishedSql } from '@/lib/envolvements/conditions';
import { hasFreeSpot, isPublished } from '@/lib/envolvements/rules';
import { envolvements, type NewEnvolvementRow } from '@/models';
import { useTestDatabase } from '../helpers/db';
import { createEnvolvement, createUser } from '../factories';

useTestDatabase();

const REMOVED_AT = new Date('2026-01-02T03:04:05Z');

// Each case, and what both twins must answer for it.
const CASES: Array<{ name: string; row: Partial<NewEnvolvementRow>; published: boolean; free: boolean }> = [
  { name: 'draft', row: { isActive: false }, published: false, free: true },
  { name: 'published', row: { isActive: true }, published: true, free: true },
  // Removal unpublishes too; a row removed while still marked active is no more public.
  { name: 'removed', row: { isActive: false, archivedAt: REMOVED_AT }, published: false, free: true },
  { name: 'removed, still active', row: { isActive: true, archivedAt: REMOVED_AT }, published: false, free: true },
  {
    name: 'unpublished',
    row: { isActive: false, unlimited: false, quantity: 5, currentCount: 1 },
    published: false,
    free: true,
  },
  { name: 'sold out', row: { unlimited: false, quantity: 3, currentCount: 3 }, published: true, free: false },
  { name: 'no spots at all', row: { unlimited: false, quantity: 0, currentCount: 0 }, published: true, free: false },
  { name: 'unlimited', row: { unlimited: true, quantity: 0, currentCount: 40 }, published: true, free: true },
  { name: 'one left', row: { unlimited: false, quantity: 3, currentCount: 2 }, published: true, free: true },
];

async function insertCases() {
  const creator = await createUser();
  const byId = new Map<string, (typeof CASES)[number]>();
  for (const c of CASES) byId.set((await createEnvolvement(creator.id, c.row)).id, c);
  return byId;
}

const tsAnswers = (row: typeof envolvements.$inferSelect) => ({
  published: isPublished({ removed: row.archivedAt !== null, active: row.isActive }),
  free: hasFreeSpot({ quantity: row.quantity, unlimited: row.unlimited, currentEnvolves: row.currentCount }),
});

describe('the SQL conditions and the TypeScript rules agree row by row', () => {
  it('answers each case as the rule says, in both languages', async () => {
    const cases = await insertCases();
    const found = await db()
      .select({
        row: envolvements,
        published: sql<boolean>`${isPublishedSql()}`,
        free: sql<boolean>`${hasFreeSpotSql()}`,
      })
      .from(envolvements)
      .where(inArray(envolvements.id, [...cases.keys()]))
      .orderBy(asc(envolvements.createdAt));
    expect(found).toHaveLength(CASES.length);
    for (const { row, published, free } of found) {
      const expected = cases.get(row.id)!;
      const want = { case: expected.name, published: expected.published, free: expected.free };
      expect({ case: expected.name, published, free }).toEqual(want);
      expect({ case: expected.name, ...tsAnswers(row) }).toEqual(want);
    }
  });

  it('filters the same rows when a raw query names the table by an alias', async () => {
    const cases = await insertCases();
    const e = alias(envolvements, 'e');
    const picked = async (condition: ReturnType<typeof isPublishedSql>) =>
      (await rows<{ id: string }>(sql`select e.id from ${envolvements} e where ${condition}`)).map((r) => r.id).sort();
    const where = (answer: 'published' | 'free') => [...cases].flatMap(([id, c]) => (c[answer] ? [id] : [])).sort();
    expect(await picked(isPublishedSql(e))).toEqual(where('published'));
    expect(await picked(hasFreeSpotSql(e))).toEqual(where('free'));
    // Each fragment keeps its parentheses: `not` negates the whole rule, not its first term.
    expect(await picked(sql`${isPublishedSql(e)} and not ${hasFreeSpotSql(e)}`)).toEqual(
      [...cases].flatMap(([id, c]) => (c.published && !c.free ? [id] : [])).sort(),
    );
  });
});
