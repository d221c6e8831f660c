import { inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { hasEndedSql } from '@/lib/envolvements/conditions';
import {
  listEnvolvementsByCreator,
  moreFromCreator,
  ownFirstPages,
  publicCreatorFirstPages,
} from '@/lib/envolvements/creator-list';
import { hasEnded } from '@/lib/envolvements/rules';
import { envolvements, type NewEnvolvementRow } from '@/models';
import { useTestDatabase } from '../helpers/db';
import { call, everyPage } from '../helpers/http';
import { createEnvolvement, createPurchase, createUser } from '../factories';

useTestDatabase();

const HOUR = 3_600_000;
const REMOVED_AT = new Date('2026-01-02T03:04:05Z');

type Listed = { _id: string; title: string };

const titles = (items: Array<{ title: string }>) => items.map((item) => item.title);

/**
 * A creator with one of each kind, the newest first: open, sold out, ending later, a draft,
 * ended, an ended draft, removed and removed after it ended.
 */
async function creatorWithEveryKind() {
  const creator = await createUser({ id: 'local|sections-creator' });
  const base = Date.now();
  const kinds: Array<[string, Partial<NewEnvolvementRow>]> = [
    ['Open', {}],
    ['Sold out', { unlimited: false, quantity: 1, currentCount: 1 }],
    ['Ends tomorrow', { endDate: new Date(base + 24 * HOUR) }],
    ['Draft', { isActive: false }],
    ['Ended', { endDate: new Date(base - HOUR) }],
    ['Ended draft', { isActive: false, endDate: new Date(base - 2 * HOUR) }],
    ['Removed', { isActive: false, archivedAt: REMOVED_AT }],
    ['Removed after ending', { isActive: false, archivedAt: REMOVED_AT, endDate: new Date(base - HOUR) }],
  ];
  const ids: Record<string, string> = {};
  for (const [index, [title, row]] of kinds.entries()) {
    ids[title] = (await createEnvolvement(creator.id, { title, createdAt: new Date(base - index * 1000), ...row })).id;
  }
  return { creator, ids };
}

describe("a creator's envolvements in two sections", () => {
  it('lists the active ones (sold out included) apart from the ended ones, each newest first', async () => {
    const { creator } = await creatorWithEveryKind();
    expect(titles((await call('GET', '/api/profile/sections-creator')).body)).toEqual([
      'Open',
      'Sold out',
      'Ends tomorrow',
    ]);
    expect(titles((await call('GET', '/api/profile/sections-creator?section=active')).body)).toEqual([
      'Open',
      'Sold out',
      'Ends tomorrow',
    ]);
    expect(titles((await call('GET', '/api/profile/sections-creator?section=ended')).body)).toEqual(['Ended']);
    const lists = await publicCreatorFirstPages(creator.id);
    expect(titles(lists.active.items)).toEqual(['Open', 'Sold out', 'Ends tomorrow']);
    expect(titles(lists.ended.items)).toEqual(['Ended']);
  });

  it('shows drafts to their creator only, in the section their end date says, and a removed one to nobody', async () => {
    const { creator } = await creatorWithEveryKind();
    const stranger = await createUser();
    const own = await ownFirstPages(creator.id);
    expect(titles(own.active.items)).toEqual(['Open', 'Sold out', 'Ends tomorrow', 'Draft']);
    expect(titles(own.ended.items)).toEqual(['Ended', 'Ended draft']);
    for (const as of [stranger, null]) {
      const active = await call('GET', '/api/profile/sections-creator', { as });
      const ended = await call('GET', '/api/profile/sections-creator?section=ended', { as });
      expect(titles(active.body)).toEqual(['Open', 'Sold out', 'Ends tomorrow']);
      expect(titles(ended.body)).toEqual(['Ended']);
    }
    const ownEnded = await call('GET', '/api/profile/sections-creator?mine=1&section=ended', { as: creator });
    expect(titles(ownEnded.body)).toEqual(['Ended', 'Ended draft']);
    // The public list is the same for its creator as for anyone.
    const publicEnded = await call('GET', '/api/profile/sections-creator?section=ended', { as: creator });
    expect(titles(publicEnded.body)).toEqual(['Ended']);
  });

  it('moves an envolvement to Ended when its end date passes', async () => {
    const creator = await createUser();
    const row = await createEnvolvement(creator.id, { endDate: new Date(Date.now() + HOUR) });
    const later = new Date(Date.now() + 2 * HOUR);
    expect((await listEnvolvementsByCreator(creator.id, null)).items.map((item) => item._id)).toEqual([row.id]);
    expect((await listEnvolvementsByCreator(creator.id, null, null, 'active', { now: later })).items).toEqual([]);
    expect(
      (await listEnvolvementsByCreator(creator.id, null, null, 'ended', { now: later })).items.map((i) => i._id),
    ).toEqual([row.id]);
  });

  it('pages each section 24 at a time, and its Link header keeps the section', async () => {
    const creator = await createUser({ id: 'local|paged-sections' });
    const base = Date.now();
    for (let i = 0; i < 30; i++) {
      await createEnvolvement(creator.id, { title: `Live ${i}`, createdAt: new Date(base - i * 1000) });
      await createEnvolvement(creator.id, {
        title: `Over ${i}`,
        createdAt: new Date(base - i * 1000 - 500),
        endDate: new Date(base - HOUR),
      });
    }
    const active = await everyPage<Listed>('/api/profile/paged-sections', null);
    const ended = await everyPage<Listed>('/api/profile/paged-sections?section=ended', null);
    expect(active.map((page) => page.length)).toEqual([24, 6]);
    expect(ended.map((page) => page.length)).toEqual([24, 6]);
    expect(titles(active.flat())).toEqual(Array.from({ length: 30 }, (_, i) => `Live ${i}`));
    expect(titles(ended.flat())).toEqual(Array.from({ length: 30 }, (_, i) => `Over ${i}`));
    const first = await call('GET', '/api/profile/paged-sections?section=ended');
    expect(first.response.headers.get('link')).toMatch(/^<\/api\/profile\/paged-sections\?section=ended&cursor=[^>]+>/);
  });

  it('gives visitors both first pages from one place, as the cached profile reads them', async () => {
    const { creator } = await creatorWithEveryKind();
    const lists = await publicCreatorFirstPages(creator.id);
    expect(titles(lists.active.items)).toEqual(['Open', 'Sold out', 'Ends tomorrow']);
    expect(titles(lists.ended.items)).toEqual(['Ended']);
    expect(lists.active.nextCursor).toBeNull();
    expect(lists.ended.nextCursor).toBeNull();
  });

  it('refuses an unknown section, a repeated one and a forged cursor with 400, and an unknown user with 404', async () => {
    await creatorWithEveryKind();
    for (const query of [
      'section=over',
      'section=',
      'section=ACTIVE',
      'section=active&section=ended',
      'section=ended&cursor=garbage',
      `section=ended&cursor=${'x'.repeat(201)}`,
    ]) {
      const res = await call('GET', `/api/profile/sections-creator?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error).toEqual(expect.any(String));
    }
    const unknown = await call('GET', '/api/profile/nobody-here?section=ended');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toEqual(expect.any(String));
  });
});

describe('more from the creator, on an envolvement page', () => {
  it("shows up to four of the creator's other published, unended envolvements, newest first", async () => {
    const { creator, ids } = await creatorWithEveryKind();
    const base = Date.now();
    for (let i = 0; i < 3; i++) {
      await createEnvolvement(creator.id, { title: `Older ${i}`, createdAt: new Date(base - 60_000 - i * 1000) });
    }
    await createEnvolvement((await createUser()).id, { title: 'Someone else' });
    // From the open one: the other active ones, never itself, a draft, a removed or an ended one.
    expect(titles(await moreFromCreator(creator.id, ids['Open']!))).toEqual([
      'Sold out',
      'Ends tomorrow',
      'Older 0',
      'Older 1',
    ]);
    // From an ended one: the four newest active ones.
    expect(titles(await moreFromCreator(creator.id, ids['Ended']!))).toEqual([
      'Open',
      'Sold out',
      'Ends tomorrow',
      'Older 0',
    ]);
  });

  it('is empty when the creator has nothing else active, and counts a member-held one like any', async () => {
    const creator = await createUser();
    const only = await createEnvolvement(creator.id);
    await createEnvolvement(creator.id, { isActive: false });
    await createEnvolvement(creator.id, { endDate: new Date(Date.now() - HOUR) });
    await createEnvolvement(creator.id, { archivedAt: REMOVED_AT });
    expect(await moreFromCreator(creator.id, only.id)).toEqual([]);
    const other = await createEnvolvement(creator.id, { title: 'Joined by someone' });
    await createPurchase(other.id, (await createUser()).id);
    expect(titles(await moreFromCreator(creator.id, only.id))).toEqual(['Joined by someone']);
  });
});

describe('the ended rule, in SQL and in TypeScript', () => {
  it('agrees row by row: ended once the end date is behind, never without one', async () => {
    const creator = await createUser();
    const now = new Date();
    const ends = [
      null,
      new Date(now.getTime() + HOUR),
      now,
      new Date(now.getTime() - 1),
      new Date(now.getTime() - HOUR),
    ];
    const created = [];
    for (const endDate of ends) created.push(await createEnvolvement(creator.id, { endDate }));
    const found = await db()
      .select({
        id: envolvements.id,
        endDate: envolvements.endDate,
        ended: sql<boolean>`${hasEndedSql(envolvements, now)}`,
      })
      .from(envolvements)
      .where(
        inArray(
          envolvements.id,
          created.map((row) => row.id),
        ),
      );
    const byId = new Map(found.map((row) => [row.id, row]));
    const answers = created.map((row) => {
      const stored = byId.get(row.id)!;
      return { sql: stored.ended, ts: hasEnded({ endDate: stored.endDate, none: stored.endDate === null }, now) };
    });
    expect(answers.map((a) => a.ts)).toEqual([false, false, false, true, true]);
    expect(answers.map((a) => a.sql)).toEqual(answers.map((a) => a.ts));
  });
});
