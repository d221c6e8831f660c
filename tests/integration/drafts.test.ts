import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { listEnvolvements, listEnvolvementsByCategory } from '@/lib/envolvements/list';
import { envolvements } from '@/models';
import { useTestDatabase } from '../helpers/db';
import { call } from '../helpers/http';
import { createEnvolvement, createPurchase, createUser } from '../factories';

useTestDatabase();

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

async function isActive(id: string) {
  const [row] = await db()
    .select({ isActive: envolvements.isActive })
    .from(envolvements)
    .where(eq(envolvements.id, id));
  return row!.isActive;
}

describe('PUT /api/post/{id}/active', () => {
  it('publishes a draft and takes it back, for its creator', async () => {
    const creator = await createUser();
    const row = await createEnvolvement(creator.id, { isActive: false });
    const published = await call('PUT', `/api/post/${row.id}/active`, { as: creator, json: { active: true } });
    expect(published).toMatchObject({ status: 200, body: { _id: row.id, active: true } });
    expect(await isActive(row.id)).toBe(true);
    // Publishing twice changes nothing and says the same.
    expect((await call('PUT', `/api/post/${row.id}/active`, { as: creator, json: { active: true } })).body).toEqual({
      _id: row.id,
      active: true,
    });
    const unpublished = await call('PUT', `/api/post/${row.id}/active`, { as: creator, json: { active: false } });
    expect(unpublished).toMatchObject({ status: 200, body: { _id: row.id, active: false } });
    expect(await isActive(row.id)).toBe(false);
  });

  it('refuses everyone else, a visitor, bad bodies and unknown ids, changing nothing', async () => {
    const creator = await createUser();
    const other = await createUser();
    const row = await createEnvolvement(creator.id, { isActive: false });
    const path = `/api/post/${row.id}/active`;
    expect(await call('PUT', path, { as: other, json: { active: true } })).toMatchObject({
      status: 403,
      body: { error: 'Only the creator can publish this envolvement.', code: 'forbidden' },
    });
    expect(await call('PUT', path, { json: { active: true } })).toMatchObject({ status: 401 });
    for (const json of [{}, { active: 'yes' }, { active: 1 }, { active: null }]) {
      expect(await call('PUT', path, { as: creator, json })).toMatchObject({
        status: 400,
        body: { error: 'active must be true or false' },
      });
    }
    expect(await call('PUT', `/api/post/${UNKNOWN}/active`, { as: creator, json: { active: true } })).toMatchObject({
      status: 404,
      body: { error: 'Envolvement not found' },
    });
    expect(await call('PUT', '/api/post/not-a-uuid/active', { as: creator, json: { active: true } })).toMatchObject({
      status: 404,
    });
    expect(await isActive(row.id)).toBe(false);
  });

  it('leaves a removed envolvement as it is: 410', async () => {
    const creator = await createUser();
    const row = await createEnvolvement(creator.id, { isActive: false, archivedAt: sql`now()` as unknown as Date });
    expect(await call('PUT', `/api/post/${row.id}/active`, { as: creator, json: { active: true } })).toMatchObject({
      status: 410,
      body: { error: 'This envolvement was removed by its creator.' },
    });
    expect(await isActive(row.id)).toBe(false);
  });
});

describe('a draft', () => {
  async function setup() {
    const creator = await createUser();
    const member = await createUser();
    const stranger = await createUser();
    const published = await createEnvolvement(creator.id, { title: 'Open studio', categories: ['Art'] });
    const draft = await createEnvolvement(creator.id, { title: 'Secret studio', categories: ['Art'], isActive: true });
    // Someone joined while it was published; then the creator took it back to draft.
    await createPurchase(draft.id, member.id);
    await db().update(envolvements).set({ isActive: false }).where(eq(envolvements.id, draft.id));
    return { creator, member, stranger, published, draft };
  }

  it('is read by its creator and its members, and is not found by anyone else', async () => {
    const { creator, member, stranger, draft } = await setup();
    expect((await call('GET', `/api/post/${draft.id}`, { as: creator })).status).toBe(200);
    expect((await call('GET', `/api/post/${draft.id}`, { as: member })).status).toBe(200);
    for (const as of [stranger, null]) {
      expect(await call('GET', `/api/post/${draft.id}`, { as })).toMatchObject({
        status: 404,
        body: { error: 'Envolvement not found', code: 'not_found' },
      });
    }
  });

  it('is in no public list: Explore, its category rows, search or the public profile', async () => {
    const { creator, stranger, published, draft } = await setup();
    const ids = (items: Array<{ _id: string }>) => items.map((item) => item._id);

    const pulled = await call('GET', '/api/post/pull', { as: stranger });
    expect(ids(pulled.body.items)).toEqual([published.id]);
    expect(pulled.body.total).toBe(1);
    // Not even its creator finds it in Explore: that is for what is published.
    expect(ids((await listEnvolvements({ q: 'studio', viewerId: creator.id })).items)).toEqual([published.id]);
    const rows = await listEnvolvementsByCategory(creator.id);
    expect(rows.flatMap((row) => ids(row.items))).toEqual([published.id]);

    const slug = creator.id.split('|')[1];
    expect(ids((await call('GET', `/api/profile/${slug}`, { as: stranger })).body)).toEqual([published.id]);
    expect(ids((await call('GET', `/api/profile/${slug}`)).body)).toEqual([published.id]);
    // Its creator keeps it among their own, and finds the public list as everyone does.
    expect(ids((await call('GET', `/api/profile/${slug}?mine=1`, { as: creator })).body).sort()).toEqual(
      [published.id, draft.id].sort(),
    );
    expect(ids((await call('GET', `/api/profile/${slug}`, { as: creator })).body)).toEqual([published.id]);
  });

  it('cannot be joined by a stranger, who is told it does not exist', async () => {
    const { stranger, draft } = await setup();
    expect(
      await call('POST', '/api/payment/grant-access', { as: stranger, json: { submissionId: draft.id } }),
    ).toMatchObject({ status: 404, body: { error: 'Envolvement ID not found' } });
  });
});
