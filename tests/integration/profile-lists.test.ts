import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../helpers/db';
import { call, everyPage } from '../helpers/http';
import { createEnvolvement, createPurchase, createUser } from '../factories';

useTestDatabase();

type Listed = { _id: string; title: string };

async function creatorWith(published: number, drafts: number) {
  const creator = await createUser({ id: 'local|lists-creator' });
  const base = Date.now();
  for (let i = 0; i < published + drafts; i++) {
    await createEnvolvement(creator.id, {
      title: `${i < published ? 'Live' : 'Draft'} ${i}`,
      isActive: i < published,
      createdAt: new Date(base - i * 1000),
    });
  }
  return creator;
}

describe('GET /api/profile/{userId}, a page at a time', () => {
  it('gives 24 a page, newest first, and names the next page in its Link header', async () => {
    await creatorWith(50, 0);
    const pages = await everyPage<Listed>('/api/profile/lists-creator', null);
    expect(pages.map((page) => page.length)).toEqual([24, 24, 2]);
    expect(pages.flat().map((item) => item.title)).toEqual(Array.from({ length: 50 }, (_, i) => `Live ${i}`));
  });

  it('answers a last page without a Link header', async () => {
    await creatorWith(3, 0);
    const res = await call('GET', '/api/profile/lists-creator');
    expect(res.body).toHaveLength(3);
    expect(res.response.headers.get('link')).toBeNull();
  });

  it('pages drafts for their creator only, on their own list (mine=1), not on the public one', async () => {
    const creator = await creatorWith(20, 10);
    const stranger = await createUser();
    expect((await everyPage<Listed>('/api/profile/lists-creator?mine=1', creator)).flat()).toHaveLength(30);
    for (const as of [creator, stranger, null])
      expect((await everyPage<Listed>('/api/profile/lists-creator', as)).flat()).toHaveLength(20);
    // Another person's "mine" is the public list.
    expect((await everyPage<Listed>('/api/profile/lists-creator?mine=1', stranger)).flat()).toHaveLength(20);
    expect((await call('GET', '/api/profile/lists-creator?mine=yes')).status).toBe(400);
  });

  it('refuses a forged or oversized cursor with 400', async () => {
    await creatorWith(1, 0);
    for (const cursor of [
      'garbage',
      Buffer.from('2026-01-01T00:00:00.000Z|not-a-uuid').toString('base64url'),
      'x'.repeat(201),
    ]) {
      const res = await call('GET', `/api/profile/lists-creator?cursor=${cursor}`);
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual(expect.any(String));
    }
  });
});

describe('GET /api/purchases', () => {
  it("pages the signed-in user's memberships, latest first, each envolvement once", async () => {
    const creator = await createUser();
    const buyer = await createUser();
    const base = Date.now();
    const rows = [];
    for (let i = 0; i < 30; i++) rows.push(await createEnvolvement(creator.id, { title: `Joined ${i}` }));
    for (const [i, row] of rows.entries()) {
      const purchase = await createPurchase(row.id, buyer.id);
      const { db } = await import('@/lib/db/client');
      const { purchases } = await import('@/models');
      const { eq } = await import('drizzle-orm');
      await db()
        .update(purchases)
        .set({ createdAt: new Date(base - i * 1000) })
        .where(eq(purchases.id, purchase.id));
    }
    const pages = await everyPage<Listed>('/api/purchases', buyer);
    expect(pages.map((page) => page.length)).toEqual([24, 6]);
    expect(pages.flat().map((item) => item.title)).toEqual(rows.map((row) => row.title));
  });

  it("shows nobody else's memberships", async () => {
    const creator = await createUser();
    const buyer = await createUser();
    const other = await createUser();
    await createPurchase((await createEnvolvement(creator.id)).id, buyer.id);
    const res = await call('GET', '/api/purchases', { as: other });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('asks for a session', async () => {
    const res = await call('GET', '/api/purchases');
    expect(res.status).toBe(401);
    expect(res.body.error).toEqual(expect.any(String));
  });

  it('refuses a forged cursor with 400', async () => {
    const res = await call('GET', '/api/purchases?cursor=garbage', { as: await createUser() });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'Invalid cursor' });
  });
});
