import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { envolvements } from '@/models';
import { createEnvolvement, createUser, type TestUser } from '../factories';
import { useTestDatabase } from '../helpers/db';
import { call, everyPage } from '../helpers/http';

// The Following feed (GET /api/follows) and the follow state a public page's per-viewer part
// carries (GET /api/me?page=): each viewer sees their own, and a creator sees a count only.

useTestDatabase();

const follow = (as: TestUser, creator: TestUser) =>
  call('PUT', `/api/follows/${encodeURIComponent(creator.id)}`, { as });

const partsOf = async (path: string, as: TestUser | null = null) => {
  const answer = await call('GET', `/api/me?page=${encodeURIComponent(path)}`, { as });
  expect(answer.status).toBe(200);
  return answer.body.page;
};

/** A published envolvement of the creator made `minutesAgo` minutes ago. */
async function publishedAgo(creator: TestUser, minutesAgo: number, overrides = {}) {
  const row = await createEnvolvement(creator.id, overrides);
  await db()
    .update(envolvements)
    .set({ createdAt: sql`now() - make_interval(mins => ${minutesAgo})` })
    .where(eq(envolvements.id, row.id));
  return row;
}

describe('GET /api/follows (the Following feed)', () => {
  it("lists the followed creators' published envolvements, newest first, and nobody else's", async () => {
    const [maya, leo, ines, sam] = [await createUser(), await createUser(), await createUser(), await createUser()];
    await follow(sam, maya);
    await follow(sam, leo);
    const oldest = await publishedAgo(maya, 30);
    const newest = await publishedAgo(leo, 1);
    const middle = await publishedAgo(maya, 10);
    await publishedAgo(maya, 5, { isActive: false });
    await publishedAgo(leo, 4, { isActive: false, archivedAt: new Date() });
    await publishedAgo(ines, 2);
    const res = await call('GET', '/api/follows', { as: sam });
    expect(res.status).toBe(200);
    expect(res.body.map((card: { _id: string }) => card._id)).toEqual([newest.id, middle.id, oldest.id]);
    expect(res.response.headers.get('link')).toBeNull();
  });

  it('pages 24 at a time, each envolvement once', async () => {
    const [maya, sam] = [await createUser(), await createUser()];
    await follow(sam, maya);
    for (let n = 0; n < 30; n += 1) await publishedAgo(maya, n);
    const pages = await everyPage<{ _id: string }>('/api/follows', sam);
    expect(pages.map((page) => page.length)).toEqual([24, 6]);
    expect(new Set(pages.flat().map((card) => card._id)).size).toBe(30);
  });

  it('is empty for someone who follows nobody, refuses a bad cursor, and asks visitors to sign in', async () => {
    const sam = await createUser();
    expect((await call('GET', '/api/follows', { as: sam })).body).toEqual([]);
    expect(await call('GET', '/api/follows?cursor=nope', { as: sam })).toMatchObject({
      status: 400,
      body: { error: 'Invalid cursor', code: 'bad_request' },
    });
    expect(await call('GET', '/api/follows')).toMatchObject({
      status: 401,
      body: { error: 'You must be signed in to do this.', code: 'unauthorized' },
    });
  });
});

describe('the follow state in a page’s parts', () => {
  it("gives a profile's visitors their own state, and its owner the count of followers only", async () => {
    const maya = await createUser({ id: 'local|maya-feed' });
    const [sam, leo] = [await createUser(), await createUser()];
    await follow(sam, maya);
    await follow(leo, maya);
    await call('DELETE', `/api/follows/${encodeURIComponent(maya.id)}`, { as: leo });
    const path = '/profile/maya-feed';
    const part = { kind: 'profile', userId: maya.id };
    expect(await partsOf(path, sam)).toEqual({
      ...part,
      isOwner: false,
      signedIn: true,
      following: true,
      followers: null,
    });
    expect(await partsOf(path, leo)).toEqual({
      ...part,
      isOwner: false,
      signedIn: true,
      following: false,
      followers: null,
    });
    expect(await partsOf(path)).toEqual({
      ...part,
      isOwner: false,
      signedIn: false,
      following: false,
      followers: null,
    });
    expect(await partsOf(path, maya)).toEqual({
      ...part,
      isOwner: true,
      signedIn: true,
      following: false,
      followers: 1,
    });
    // Nothing in any of them names who follows.
    expect(JSON.stringify(await partsOf(path, maya))).not.toContain(sam.id);
  });

  it("gives an envolvement's viewers Follow for its creator, and its creator none", async () => {
    const [maya, sam, leo] = [await createUser(), await createUser(), await createUser()];
    const row = await createEnvolvement(maya.id);
    await follow(sam, maya);
    const path = `/envolvement/${row.id}`;
    expect((await partsOf(path, sam)).follow).toEqual({ creatorId: maya.id, following: true });
    expect((await partsOf(path, leo)).follow).toEqual({ creatorId: maya.id, following: false });
    expect((await partsOf(path)).follow).toEqual({ creatorId: maya.id, following: false });
    expect((await partsOf(path, maya)).follow).toBeNull();
  });
});
