import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { envolvements, posts, purchases, submissions } from '@/models';
import { useTestDatabase } from '../helpers/db';
import { call } from '../helpers/http';
import { useFakeStripe } from '../helpers/payments';
import { createEnvolvement, createPurchase, createSeller, createUser } from '../factories';
import { editBody } from '../factories/envolvement-input';

useTestDatabase();
// Prices are set only by creators whose Stripe account can take charges.
useFakeStripe();

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('GET /api/post/{id}', () => {
  it('answers the spec shape; buyers are listed for the creator only', async () => {
    const creator = await createSeller({ nickname: 'maker' });
    const buyer = await createUser();
    const other = await createUser();
    const row = await createEnvolvement(creator.id, { priceCents: 1999, unlimited: false, quantity: 3 });
    await createPurchase(row.id, buyer.id, 1999);

    const asCreator = await call('GET', `/api/post/${row.id}`, { as: creator });
    expect(asCreator.status).toBe(200);
    expect(asCreator.body).toMatchObject({
      _id: row.id,
      title: row.title,
      username: 'maker',
      userID: creator.id,
      price: { price: 19.99, free: false },
      quantity: { quantity: 3, unlimited: false, currentEnvolves: 1 },
      endDate: { endDate: null, none: true },
      active: true,
      purchasedBy: [buyer.id],
      purchasedUserIDs: [buyer.id],
    });

    const asBuyer = await call('GET', `/api/post/${row.id}`, { as: buyer });
    expect(asBuyer.body.purchasedBy).toEqual([buyer.id]);
    const asOther = await call('GET', `/api/post/${row.id}`, { as: other });
    expect(asOther.body.purchasedBy).toEqual([]);
    const asVisitor = await call('GET', `/api/post/${row.id}`);
    expect(asVisitor.status).toBe(200);
    expect(asVisitor.body.purchasedBy).toEqual([]);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of [UNKNOWN, 'not-an-id']) {
      const res = await call('GET', `/api/post/${id}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Envolvement not found', code: 'not_found' });
    }
  });
});

describe('PUT /api/post/{id}', () => {
  it('lets the creator edit, without changing the creator, buyers or count', async () => {
    const creator = await createSeller();
    const buyer = await createUser();
    const row = await createEnvolvement(creator.id, { isActive: false });
    await createPurchase(row.id, buyer.id);
    const res = await call('PUT', `/api/post/${row.id}`, {
      as: creator,
      json: editBody({
        userID: buyer.id,
        quantity: { quantity: 10, unlimited: false, currentEnvolves: 0 },
        purchasedBy: [],
      }),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: 'Edited title',
      userID: creator.id,
      active: true,
      price: { price: 2.5, free: false },
      quantity: { quantity: 10, unlimited: false, currentEnvolves: 1 },
      categories: ['Music'],
      purchasedBy: [buyer.id],
    });
  });

  it('makes it free, unlimited and without end date when those are cleared', async () => {
    const creator = await createSeller();
    const row = await createEnvolvement(creator.id, {
      priceCents: 500,
      unlimited: false,
      quantity: 4,
      endDate: new Date(Date.now() + 86400000),
    });
    const res = await call('PUT', `/api/post/${row.id}`, {
      as: creator,
      json: editBody({ price: { price: null }, quantity: { quantity: null }, endDate: { endDate: null } }),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      price: { price: 0, free: true },
      quantity: { quantity: 0, unlimited: true, currentEnvolves: 0 },
      endDate: { endDate: null, none: true },
    });
  });

  it('refuses a quantity below the people who already joined, and no category', async () => {
    const creator = await createSeller();
    const row = await createEnvolvement(creator.id, { unlimited: false, quantity: 5 });
    await createPurchase(row.id, (await createUser()).id);
    await createPurchase(row.id, (await createUser()).id);
    const res = await call('PUT', `/api/post/${row.id}`, {
      as: creator,
      json: editBody({ quantity: { quantity: 1, unlimited: false } }),
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({
      'quantity.quantity': 'Quantity cannot be less than the 2 people who already joined',
    });
    const noCategory = await call('PUT', `/api/post/${row.id}`, {
      as: creator,
      json: editBody({ categories: [] }),
    });
    expect(noCategory.status).toBe(400);
    expect(noCategory.body.fields).toEqual({ categories: 'Please select at least one category' });
    const [stored] = await db().select().from(envolvements).where(eq(envolvements.id, row.id));
    expect(stored).toMatchObject({ quantity: 5, currentCount: 2, title: row.title });
  });

  it('answers 401, 403 and 404 and changes nothing', async () => {
    const creator = await createSeller();
    const row = await createEnvolvement(creator.id);
    expect((await call('PUT', `/api/post/${row.id}`, { json: editBody() })).status).toBe(401);
    const forbidden = await call('PUT', `/api/post/${row.id}`, {
      as: await createUser(),
      json: editBody(),
    });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({ error: 'Only the creator can edit this envolvement.', code: 'forbidden' });
    expect((await call('PUT', `/api/post/${UNKNOWN}`, { as: creator, json: editBody() })).status).toBe(404);
    const [stored] = await db().select().from(envolvements).where(eq(envolvements.id, row.id));
    expect(stored!.title).toBe(row.title);
  });
});

describe('DELETE /api/post/{id}', () => {
  it('deletes an envolvement nobody joined, with its updates', async () => {
    const creator = await createSeller();
    const row = await createEnvolvement(creator.id);
    await db()
      .insert(posts)
      .values({ envolvementId: row.id, authorId: creator.id, kind: 'update', title: 't', description: 'd' });
    const res = await call('DELETE', `/api/post/${row.id}`, { as: creator });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: true, _id: row.id, archived: false, refunded: 0, refundsPending: 0 });
    expect(await db().select().from(envolvements)).toHaveLength(0);
    expect(await db().select().from(posts)).toHaveLength(0);
  });

  it('archives an envolvement people joined, keeping their purchases and submissions', async () => {
    const creator = await createSeller();
    const buyer = await createUser();
    const row = await createEnvolvement(creator.id);
    await createPurchase(row.id, buyer.id);
    await db().insert(submissions).values({ envolvementId: row.id, userId: buyer.id, description: 'mine' });
    const res = await call('DELETE', `/api/post/${row.id}`, { as: creator });
    expect(res.body).toEqual({ deleted: true, _id: row.id, archived: true, refunded: 0, refundsPending: 0 });
    const [kept] = await db().select().from(envolvements);
    expect(kept).toMatchObject({ id: row.id, isActive: false, archivedAt: expect.any(Date) });
    expect(await db().select().from(purchases)).toMatchObject([{ userId: buyer.id, endedAt: null }]);
    expect(await db().select().from(submissions)).toHaveLength(1);
    const gone = await call('GET', `/api/post/${row.id}`, { as: await createUser() });
    expect(gone).toMatchObject({ status: 410, body: { error: 'This envolvement was removed by its creator.' } });
    expect((await call('GET', `/api/post/${row.id}`)).status).toBe(410);
    const asMember = await call('GET', `/api/post/${row.id}`, { as: buyer });
    expect(asMember).toMatchObject({
      status: 200,
      body: { _id: row.id, removed: true, membership: { free: true, endReason: null } },
    });
    expect((await call('GET', `/api/post/${row.id}`, { as: creator })).body).toMatchObject({ removed: true });
  });

  it('answers 401, 403 and 404 and deletes nothing', async () => {
    const creator = await createSeller();
    const row = await createEnvolvement(creator.id);
    expect((await call('DELETE', `/api/post/${row.id}`)).status).toBe(401);
    expect((await call('DELETE', `/api/post/${row.id}`, { as: await createUser() })).status).toBe(403);
    expect((await call('DELETE', '/api/post/bad', { as: creator })).status).toBe(404);
    expect(await db().select().from(envolvements)).toHaveLength(1);
  });
});

describe('updates: POST /api/post/add-comment/{id} and GET /api/post/get-comments/{id}', () => {
  it('lets the creator post an update that the creator and buyers read', async () => {
    const creator = await createSeller({ nickname: 'maker' });
    const buyer = await createUser();
    const row = await createEnvolvement(creator.id);
    await createPurchase(row.id, buyer.id);
    const posted = await call('POST', `/api/post/add-comment/${row.id}`, {
      as: creator,
      json: { title: ' Schedule ', description: 'We start Friday', imgUrl: '' },
    });
    expect(posted.status).toBe(201);
    expect(posted.body).toEqual({
      _id: expect.any(String),
      title: 'Schedule',
      description: 'We start Friday',
      imgUrl: '',
      username: 'maker',
      userPicture: null,
      userID: creator.id,
      datePublished: expect.any(String),
    });
    for (const reader of [creator, buyer]) {
      const list = await call('GET', `/api/post/get-comments/${row.id}`, {
        as: reader,
      });
      expect(list.status).toBe(200);
      expect(list.body).toEqual([posted.body]);
    }
  });

  it('lists the updates newest first, in the envolvement, the list of posts and the page part for a member', async () => {
    const creator = await createSeller();
    const member = await createUser();
    const row = await createEnvolvement(creator.id);
    await createPurchase(row.id, member.id);
    const day = (d: number) => new Date(Date.UTC(2026, 0, d, 12));
    // Written out of order, so that neither the insertion order nor the ids give the answer.
    for (const [title, d] of [
      ['Week 2', 9],
      ['Week 1', 2],
      ['Week 3', 16],
    ] as const) {
      await db()
        .insert(posts)
        .values({
          envolvementId: row.id,
          authorId: creator.id,
          kind: 'update',
          title,
          description: 'd',
          createdAt: day(d),
        });
    }
    const newestFirst = ['Week 3', 'Week 2', 'Week 1'];
    const titles = (list: Array<{ title: string }>) => list.map((p) => p.title);
    expect(titles((await call('GET', `/api/post/${row.id}`, { as: member })).body.activityPost)).toEqual(newestFirst);
    expect(titles((await call('GET', `/api/post/get-comments/${row.id}`, { as: member })).body)).toEqual(newestFirst);
    const page = await call('GET', `/api/me?page=${encodeURIComponent(`/envolvement/${row.id}/private`)}`, {
      as: member,
    });
    expect(titles(page.body.page.tabs.posts)).toEqual(newestFirst);
  });

  it('requires a title and a description within their limits', async () => {
    const creator = await createSeller();
    const row = await createEnvolvement(creator.id);
    const post = (json: unknown) => call('POST', `/api/post/add-comment/${row.id}`, { as: creator, json });
    expect((await post({ title: '', description: 'x' })).body).toMatchObject({ error: 'Title is required' });
    expect((await post({ title: 'x', description: '  ' })).body).toMatchObject({ error: 'Description is required' });
    expect((await post({ title: 't'.repeat(201), description: 'x' })).status).toBe(400);
    expect((await post({ title: 't'.repeat(200), description: 'd'.repeat(4000) })).status).toBe(201);
    expect((await post({ title: 't', description: 'd'.repeat(4001) })).status).toBe(400);
  });

  it('refuses updates from others and readers without access', async () => {
    const creator = await createSeller();
    const row = await createEnvolvement(creator.id);
    const stranger = await createUser();
    const json = { title: 't', description: 'd' };
    expect((await call('POST', `/api/post/add-comment/${row.id}`, { json })).status).toBe(401);
    const forbidden = await call('POST', `/api/post/add-comment/${row.id}`, {
      as: stranger,
      json,
    });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error).toBe('Only the creator can post updates on this envolvement.');
    expect(
      (
        await call('POST', `/api/post/add-comment/${UNKNOWN}`, {
          as: creator,
          json,
        })
      ).status,
    ).toBe(404);
    expect((await call('GET', `/api/post/get-comments/${row.id}`, { as: stranger })).status).toBe(403);
    expect((await call('GET', `/api/post/get-comments/${row.id}`)).status).toBe(401);
    expect(await db().select().from(posts)).toHaveLength(0);
  });
});

describe('opening submissions through the edit payload', () => {
  it('needs at least one submission type', async () => {
    const creator = await createSeller();
    const row = await createEnvolvement(creator.id);
    const put = (submissions: unknown) =>
      call('PUT', `/api/post/${row.id}`, { as: creator, json: editBody({ submissions }) });
    const refused = await put({
      submissionsActive: true,
      submissionContent: { picture: false, description: false, url: false },
    });
    expect(refused).toMatchObject({
      status: 400,
      body: { error: 'Choose at least one submission type before opening submissions.' },
    });
    const opened = await put({
      submissionsActive: true,
      submissionContent: { picture: true, description: false, url: false },
    });
    expect(opened.status).toBe(200);
    expect(opened.body.submissions).toMatchObject({
      submissionsAllowed: true,
      submissionsActive: true,
      submissionsIDPair: row.id,
    });
  });
});
