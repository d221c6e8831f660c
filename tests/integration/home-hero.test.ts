import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { exampleSlides, heroSlides, readMostJoined } from '@/lib/marketing/hero';
import { EXAMPLE_OFFERS } from '@/lib/marketing/example-offers';
import { users } from '@/models';
import { createEnvolvement, createPurchase, createUser } from '../factories';
import { useTestDatabase } from '../helpers/db';

// The home page's carousel: the most joined envolvements anyone can join now, each leading to
// its page; the demo's examples, marked as such, while there are none.

useTestDatabase();

const DAY = 86_400_000;

async function withMembers(
  creatorId: string,
  members: number,
  overrides: Parameters<typeof createEnvolvement>[1] = {},
) {
  const row = await createEnvolvement(creatorId, overrides);
  for (let i = 0; i < members; i += 1) await createPurchase(row.id, (await createUser()).id);
  return row;
}

describe('the home page slides', () => {
  it('are the most joined published envolvements, most members first, then the newest, five at most', async () => {
    const creator = await createUser({ name: 'Maya Chen' });
    const ids: Record<string, string> = {};
    for (const [title, members] of [
      ['one', 1],
      ['three', 3],
      ['none', 0],
      ['two', 2],
      ['four', 4],
      ['two, newer', 2],
    ] as const)
      ids[title] = (
        await withMembers(creator.id, members, {
          title,
          createdAt: new Date(Date.now() - 10 * DAY + Object.keys(ids).length * DAY),
        })
      ).id;

    const slides = await readMostJoined();
    expect(slides.map((slide) => [slide.title, slide.members])).toEqual([
      ['four', 4],
      ['three', 3],
      ['two, newer', 2],
      ['two', 2],
      ['one', 1],
    ]);
    expect(slides[0]).toEqual({
      href: `/envolvement/${ids.four}`,
      title: 'four',
      preview: expect.any(String),
      priceCents: 0,
      currency: 'usd',
      cover: '',
      category: 'Gaming',
      creator: 'Maya Chen',
      members: 4,
      example: false,
    });
  });

  it('leave out drafts, removed and ended envolvements, and those of deleted accounts', async () => {
    const creator = await createUser();
    const gone = await createUser();
    await withMembers(creator.id, 5, { title: 'draft', isActive: false });
    await withMembers(creator.id, 5, { title: 'removed', archivedAt: new Date() });
    await withMembers(creator.id, 5, { title: 'ended', endDate: new Date(Date.now() - DAY) });
    await withMembers(gone.id, 5, { title: 'deleted creator' });
    await db().update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
    await withMembers(creator.id, 0, { title: 'open', endDate: new Date(Date.now() + DAY) });
    expect((await readMostJoined()).map((slide) => slide.title)).toEqual(['open']);
  });

  it("are the demo's examples, marked and leading to Create, while nothing is published", async () => {
    const creator = await createUser();
    await createEnvolvement(creator.id, { title: 'draft', isActive: false });
    const slides = await heroSlides('eur');
    expect(slides).toEqual(exampleSlides('eur'));
    expect(slides).toHaveLength(EXAMPLE_OFFERS.length);
    expect(slides.every((slide) => slide.example && slide.href === '/create' && slide.members === null)).toBe(true);
    expect(slides[0]).toMatchObject({ title: 'Custom character commission', priceCents: 4999, currency: 'eur' });

    await createEnvolvement(creator.id, { title: 'published' });
    expect((await heroSlides('eur')).map((slide) => [slide.title, slide.example])).toEqual([['published', false]]);
  });
});
