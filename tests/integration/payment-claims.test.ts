import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { envolvements, purchases } from '@/models';
import { AppError } from '@/lib/http/errors';
import { grantAccess } from '@/lib/payments/grant';
import { useTestDatabase } from '../helpers/db';
import { call } from '../helpers/http';
import { whileUpdating } from '../helpers/interleave';
import { createEnvolvement, createPurchase, createUser, createWithMembers, type TestUser } from '../factories';

useTestDatabase();

const claim = (as: TestUser | null, submissionId: string, extra: Record<string, unknown> = {}) =>
  call('POST', '/api/payment/grant-access', { as, json: { submissionId, ...extra } });

async function countOf(id: string) {
  const [row] = await db().select({ n: envolvements.currentCount }).from(envolvements).where(eq(envolvements.id, id));
  const bought = await db().select().from(purchases).where(eq(purchases.envolvementId, id));
  return { count: row!.n, purchases: bought.length };
}

describe('POST /api/payment/grant-access for free envolvements', () => {
  it('joins the signed-in user, whatever user id the body names', async () => {
    const creator = await createUser();
    const buyer = await createUser();
    const other = await createUser();
    const row = await createEnvolvement(creator.id, { unlimited: false, quantity: 3, currency: 'eur' });
    const res = await claim(buyer, row.id, { userId: other.id });
    expect(res).toMatchObject({ status: 200, body: { success: true } });
    const bought = await db().select().from(purchases);
    expect(bought).toMatchObject([{ envolvementId: row.id, userId: buyer.id, amountCents: 0, currency: 'eur' }]);
    expect(await countOf(row.id)).toEqual({ count: 1, purchases: 1 });
  });

  it('follows the decision order with the spec messages, changing nothing', async () => {
    const creator = await createUser();
    const buyer = await createUser();
    const bought = await createEnvolvement(creator.id);
    await createPurchase(bought.id, buyer.id);
    const soldOut = await createEnvolvement(creator.id, { unlimited: false, quantity: 1 });
    await createPurchase(soldOut.id, (await createUser()).id);
    const inactive = await createEnvolvement(creator.id, { isActive: false, endDate: new Date(Date.now() - 1000) });
    const ended = await createEnvolvement(creator.id, { endDate: new Date(Date.now() - 1000) });
    const cases: Array<[string, number, string]> = [
      [bought.id, 409, 'You have already bought this!'],
      [soldOut.id, 409, 'Sold Out'],
      [ended.id, 409, 'Purchase Period Ended'],
    ];
    for (const [id, status, error] of cases) {
      const res = await claim(buyer, id);
      expect(res.status).toBe(status);
      expect(res.body).toEqual({ error, code: 'conflict' });
    }
    // A draft does not exist for anyone but its creator and members; its creator hears why it is closed.
    const draft = await claim(buyer, inactive.id);
    expect(draft.status).toBe(404);
    expect(draft.body).toEqual({ error: 'Envolvement ID not found', code: 'not_found' });
    const ownDraft = await claim(creator, inactive.id);
    expect(ownDraft.status).toBe(409);
    expect(ownDraft.body).toEqual({ error: 'Envolvement Inactive', code: 'conflict' });
    expect(await countOf(inactive.id)).toEqual({ count: 0, purchases: 0 });
    const own = await claim(creator, (await createEnvolvement(creator.id)).id);
    expect(own.status).toBe(403);
    expect(own.body).toEqual({ error: 'You cannot join your own envolvement.', code: 'forbidden' });
    expect(await countOf(soldOut.id)).toEqual({ count: 1, purchases: 1 });
    expect(await countOf(ended.id)).toEqual({ count: 0, purchases: 0 });
  });

  it('answers 401 signed out, 404 for unknown or malformed ids, 400 for a bad body', async () => {
    const row = await createEnvolvement((await createUser()).id);
    expect((await claim(null, row.id)).status).toBe(401);
    const buyer = await createUser();
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      expect(await claim(buyer, id)).toMatchObject({ status: 404, body: { error: 'Envolvement ID not found' } });
    }
    const bad = await call('POST', '/api/payment/grant-access', { as: buyer, json: {} });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ submissionId: 'submissionId is required' });
  });

  it('refuses to grant a paid envolvement without a confirmed payment', async () => {
    const row = await createEnvolvement((await createUser()).id, { priceCents: 499 });
    const res = await claim(await createUser(), row.id);
    expect(res).toMatchObject({ status: 400, body: { error: 'This envolvement requires payment.' } });
    expect(await countOf(row.id)).toEqual({ count: 0, purchases: 0 });
  });
});

// On PGlite every statement runs one at a time, so the race only truly shows on the
// PostgreSQL server (TEST_DATABASE_URL, as in CI). A claim that reads the count and
// then writes it fails this test there.
describe('concurrent claims', () => {
  it('50 users racing for 5 spots: exactly 5 join, 45 are told Sold Out', async () => {
    const creator = await createUser();
    const row = await createEnvolvement(creator.id, { unlimited: false, quantity: 5 });
    const users = await Promise.all(Array.from({ length: 50 }, () => createUser()));
    const results = await Promise.all(users.map((u) => claim(u, row.id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(45);
    for (const r of refused) expect(r).toMatchObject({ status: 409, body: { error: 'Sold Out' } });
    expect(await countOf(row.id)).toEqual({ count: 5, purchases: 5 });
  });

  it('one user claiming 10 times at once joins once', async () => {
    const row = await createEnvolvement((await createUser()).id, { unlimited: false, quantity: 5 });
    const buyer = await createUser();
    const results = await Promise.all(Array.from({ length: 10 }, () => claim(buyer, row.id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200))
      expect(r).toMatchObject({ status: 409, body: { error: 'You have already bought this!' } });
    expect(await countOf(row.id)).toEqual({ count: 1, purchases: 1 });
  });
});

describe('GET /api/payment/check-access/{id}', () => {
  it('is true for the creator and buyers only', async () => {
    const { creator, row, members } = await createWithMembers(1);
    const [buyer] = members;
    const check = (as: TestUser | null) => call('GET', `/api/payment/check-access/${row.id}`, { as });
    expect((await check(creator)).body).toEqual({ hasAccess: true });
    expect((await check(buyer)).body).toEqual({ hasAccess: true });
    expect((await check(await createUser())).body).toEqual({ hasAccess: false });
    expect((await check(null)).status).toBe(401);
    expect((await call('GET', '/api/payment/check-access/x', { as: buyer })).status).toBe(404);
  });
});

describe('POST /api/user_submissions/add-user-to-submissions/{id}', () => {
  it('goes through the same grant path and rules', async () => {
    const creator = await createUser();
    const row = await createEnvolvement(creator.id, { unlimited: false, quantity: 1 });
    const join = (as: TestUser | null) =>
      call('POST', `/api/user_submissions/add-user-to-submissions/${row.id}`, {
        as,
      });
    expect((await join(await createUser())).status).toBe(200);
    expect(await join(await createUser())).toMatchObject({ status: 409, body: { error: 'Sold Out' } });
    expect((await join(creator)).status).toBe(409);
    expect((await join(null)).status).toBe(401);
    expect(await countOf(row.id)).toEqual({ count: 1, purchases: 1 });
  });
});

// The checks before the claim can be overtaken by another request; the claim's own
// statements must refuse on their own, with the checkout's words.
describe('grantAccess when the check before it was overtaken', () => {
  it('refuses a second membership taken between the check and the claim, and rolls its spot back', async () => {
    const creator = await createUser();
    const buyer = await createUser();
    const row = await createEnvolvement(creator.id, { unlimited: false, quantity: 5 });
    await createPurchase(row.id, buyer.id);
    const second = grantAccess({ envolvementId: row.id, userId: buyer.id, amountCents: 0 });
    await expect(second).rejects.toMatchObject({ code: 'conflict', message: 'You have already bought this!' });
    expect(await countOf(row.id)).toEqual({ count: 1, purchases: 1 });
  });

  it('says Sold Out when the last spot went first', async () => {
    const creator = await createUser();
    const buyer = await createUser();
    const row = await createEnvolvement(creator.id, { unlimited: false, quantity: 1 });
    await createPurchase(row.id, (await createUser()).id);
    const late = grantAccess({ envolvementId: row.id, userId: buyer.id, amountCents: 0 });
    await expect(late).rejects.toMatchObject({ code: 'conflict', message: 'Sold Out' });
    expect(await countOf(row.id)).toEqual({ count: 1, purchases: 1 });
  });
});

describe('grantAccess when its spot is gone by the time it writes', () => {
  // The spot's update finds no row to change: taken and freed again between the checkout's
  // check and the claim. The refusal is read afresh, and what reads as open still failed.
  const skipUpdate = 'return null;';

  it('says Sold Out for a free offer that still looks open', async () => {
    const creator = await createUser();
    const buyer = await createUser();
    const row = await createEnvolvement(creator.id, { unlimited: false, quantity: 5 });
    const late = whileUpdating('envolvements', skipUpdate, () =>
      grantAccess({ envolvementId: row.id, userId: buyer.id, amountCents: 0 }),
    );
    await expect(late).rejects.toMatchObject({ code: 'conflict', message: 'Sold Out' });
    expect(await countOf(row.id)).toEqual({ count: 0, purchases: 0 });
  });

  it('says Sold Out for a paid offer that still looks open', async () => {
    const creator = await createUser();
    const buyer = await createUser();
    const row = await createEnvolvement(creator.id, { priceCents: 1999, unlimited: false, quantity: 5 });
    const late = whileUpdating('envolvements', skipUpdate, () =>
      grantAccess({ envolvementId: row.id, userId: buyer.id, amountCents: 1999 }),
    );
    await expect(late).rejects.toMatchObject({ code: 'conflict', message: 'Sold Out' });
  });

  it('lets a database failure through as itself, not as a refusal, and keeps the spot', async () => {
    const creator = await createUser();
    const buyer = await createUser();
    const row = await createEnvolvement(creator.id, { unlimited: false, quantity: 5 });
    // A payment the ledger never recorded: the membership's reference to it fails.
    const broken = grantAccess({
      envolvementId: row.id,
      userId: buyer.id,
      amountCents: 0,
      paymentIntentId: 'pi_never_recorded',
    });
    await expect(broken).rejects.not.toBeInstanceOf(AppError);
    await expect(broken).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23503' }) });
    expect(await countOf(row.id)).toEqual({ count: 0, purchases: 0 });
  });
});
