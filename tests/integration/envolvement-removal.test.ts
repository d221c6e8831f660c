import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import sitemap from '@/app/sitemap/sitemap';
import { db } from '@/lib/db/client';
import { rows } from '@/lib/db/rows';
import { listPurchasedEnvolvements } from '@/lib/envolvements/list';
import { getRemovalImpact } from '@/lib/creator/removal';
import { takeSpot } from '@/lib/payments/grant';
import { envolvements, paymentRefunds, purchases, submissions } from '@/models';
import { useTestDatabase } from '../helpers/db';
import { call } from '../helpers/http';
import { checkAccess, openCheckout, paidSetup, paymentOf, usePayments } from '../helpers/payments';
import { createEnvolvement, createPurchase, createUser, type TestUser } from '../factories';

useTestDatabase();
const { stripe, deliver, joinByCard, refundsAtStripe, expectRefundedInFull, withStripeDown } = usePayments();

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const GONE = { error: 'This envolvement was removed by its creator.', code: 'gone' };

const remove = (as: TestUser | null, id: string) => call('DELETE', `/api/post/${id}`, { as });
const getItem = (as: TestUser | null, id: string) => call('GET', `/api/post/${id}`, { as });

const join = async (buyer: TestUser, envolvementId: string) => (await joinByCard(buyer, envolvementId)).intentId;

async function listedIn(row: { id: string; title: string; creatorId: string }) {
  const explore = await call('GET', '/api/post/pull');
  const search = await call('GET', `/api/post/pull?q=${encodeURIComponent(row.title)}`);
  const profile = await call('GET', `/api/profile/${row.creatorId}`);
  const urls = (await sitemap({ id: Promise.resolve('envolvements-0') })).map((entry) => entry.url);
  const has = (items: Array<{ _id: string }>) => items.some((item) => item._id === row.id);
  return {
    explore: has(explore.body.items),
    search: has(search.body.items),
    profile: has(profile.body),
    sitemap: urls.some((url) => url.endsWith(`/envolvement/${row.id}`)),
  };
}

// PostgreSQL's own error, wherever the driver put it.
function databaseErrorOf(error: unknown): { code: string; message: string } | null {
  for (let e = error as { code?: unknown; message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return { code: e.code, message: e.message ?? '' };
  }
  return null;
}

describe('DELETE /api/post/{id}', () => {
  it('deletes an envolvement nobody joined', async () => {
    const { creator, row } = await paidSetup();
    const res = await remove(creator, row.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: true, _id: row.id, archived: false, refunded: 0, refundsPending: 0 });
    expect(await db().select().from(envolvements).where(eq(envolvements.id, row.id))).toEqual([]);
    expect(await getItem(creator, row.id)).toMatchObject({
      status: 404,
      body: { error: 'Envolvement not found', code: 'not_found' },
    });
  });

  it('archives one with free and paid members: paid ones refunded in full, free ones kept, nothing erased', async () => {
    const { creator, buyer, row } = await paidSetup({ quantity: 5 });
    const second = await createUser();
    const free = await createUser();
    const stranger = await createUser();
    // Joined while it was free.
    await createPurchase(row.id, free.id);
    const paid = [await join(buyer, row.id), await join(second, row.id)];
    await db().insert(submissions).values({ envolvementId: row.id, userId: buyer.id, description: 'my entry' });
    expect(await listedIn(row)).toEqual({ explore: true, search: true, profile: true, sitemap: true });
    expect(await getRemovalImpact(row.id)).toEqual({ members: 3, paidMembers: 2, refundCents: 3998 });

    const res = await remove(creator, row.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: true, _id: row.id, archived: true, refunded: 2, refundsPending: 0 });

    for (const intentId of paid) {
      await expectRefundedInFull(intentId, 'removed', creator.id);
      expect(await db().select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, intentId))).toEqual([
        {
          id: expect.stringMatching(/^re_/),
          paymentId: intentId,
          amountCents: 1999,
          reason: 'removed',
          requestedBy: creator.id,
          transferReversedCents: 1999,
          feeRefundedCents: 100,
          createdAt: expect.any(Date),
        },
      ]);
    }
    const kept = await db().select().from(purchases).where(eq(purchases.envolvementId, row.id));
    expect(
      kept
        .map((p) => ({ userId: p.userId, endReason: p.endReason, ended: p.endedAt !== null }))
        .sort((a, b) => a.userId.localeCompare(b.userId)),
    ).toEqual(
      [
        { userId: buyer.id, endReason: 'refunded', ended: true },
        { userId: second.id, endReason: 'refunded', ended: true },
        { userId: free.id, endReason: null, ended: false },
      ].sort((a, b) => a.userId.localeCompare(b.userId)),
    );
    expect(
      await db()
        .select({ description: submissions.description })
        .from(submissions)
        .where(eq(submissions.envolvementId, row.id)),
    ).toEqual([{ description: 'my entry' }]);
    expect(await checkAccess(free, row.id)).toEqual({ hasAccess: true });
    expect(await checkAccess(buyer, row.id)).toEqual({ hasAccess: false });

    expect(await listedIn(row)).toEqual({ explore: false, search: false, profile: false, sitemap: false });
    for (const someone of [stranger, null]) {
      const res = await getItem(someone, row.id);
      expect(res.status).toBe(410);
      expect(res.body).toEqual(GONE);
    }
    for (const member of [creator, free, buyer]) {
      expect(await getItem(member, row.id)).toMatchObject({ status: 200, body: { _id: row.id, removed: true } });
    }

    const [freeCard] = (await listPurchasedEnvolvements(free.id)).items.filter((e) => e._id === row.id);
    expect(freeCard).toMatchObject({
      removed: true,
      membership: { amountCents: 0, free: true, endReason: null, paymentStatus: null },
    });
    const [paidCard] = (await listPurchasedEnvolvements(buyer.id)).items.filter((e) => e._id === row.id);
    expect(paidCard).toMatchObject({
      removed: true,
      membership: { amountCents: 1999, free: false, endReason: 'refunded', paymentStatus: 'refunded' },
    });

    // Nobody joins or pays for it any more.
    const checkout = await call('POST', '/api/payment/create-payment-intent', {
      as: stranger,
      json: { submissionId: row.id },
    });
    expect(checkout.status).toBe(410);
    expect(checkout.body).toEqual(GONE);
  });

  it('cancels a checkout nobody paid, and refunds a payment that succeeds after the delete instead of granting it', async () => {
    const { creator, buyer, row } = await paidSetup();
    const late = await createUser();
    const member = await createUser();
    await join(member, row.id);
    const abandoned = await openCheckout(buyer, row.id);
    const paying = await openCheckout(late, row.id);
    // A bank debit on its way: Stripe cannot cancel it any more.
    stripe().process(paying);

    expect((await remove(creator, row.id)).body).toEqual({
      deleted: true,
      _id: row.id,
      archived: true,
      refunded: 1,
      refundsPending: 0,
    });
    expect(stripe().intents.get(abandoned)).toMatchObject({ status: 'canceled' });
    expect(await paymentOf(abandoned)).toMatchObject({ status: 'canceled', refundReason: null });
    expect(await paymentOf(paying)).toMatchObject({ status: 'processing' });

    stripe().succeed(paying);
    const answers = await deliver(stripe().eventsFor(paying));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(await db().select().from(purchases).where(eq(purchases.userId, late.id))).toEqual([]);
    await expectRefundedInFull(paying, 'removed', null);
    expect(await checkAccess(late, row.id)).toEqual({ hasAccess: false });
  });

  it('leaves refunds Stripe could not take pending, and a second delete finishes them once', async () => {
    const { creator, buyer, row } = await paidSetup();
    const intentId = await join(buyer, row.id);
    const first = await withStripeDown(() => remove(creator, row.id));
    expect(first.body).toEqual({ deleted: true, _id: row.id, archived: true, refunded: 0, refundsPending: 1 });
    expect(await paymentOf(intentId)).toMatchObject({
      status: 'succeeded',
      refundReason: 'removed',
      refundRequestedBy: creator.id,
    });
    expect(await getItem(await createUser(), row.id)).toMatchObject({ status: 410 });

    const second = await remove(creator, row.id);
    expect(second.body).toEqual({ deleted: true, _id: row.id, archived: true, refunded: 1, refundsPending: 0 });
    const third = await remove(creator, row.id);
    expect(third.body).toEqual({ deleted: true, _id: row.id, archived: true, refunded: 0, refundsPending: 0 });
    await expectRefundedInFull(intentId, 'removed', creator.id);
  });

  it('answers 401 signed out, 403 for anyone but the creator, 404 for an unknown or malformed id, changing nothing', async () => {
    const { creator, buyer, row } = await paidSetup();
    const intentId = await join(buyer, row.id);
    const signedOut = await remove(null, row.id);
    expect(signedOut.status).toBe(401);
    expect(signedOut.body).toEqual({ error: 'You must be signed in to do this.', code: 'unauthorized' });
    for (const someone of [buyer, await createUser()]) {
      const res = await remove(someone, row.id);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: 'Only the creator can delete this envolvement.', code: 'forbidden' });
    }
    for (const id of [UNKNOWN, 'not-a-uuid']) {
      const res = await remove(creator, id);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Envolvement not found', code: 'not_found' });
    }
    const [kept] = await db().select().from(envolvements).where(eq(envolvements.id, row.id));
    expect(kept).toMatchObject({ archivedAt: null, isActive: true });
    expect(refundsAtStripe(intentId)).toEqual([]);
    expect(await checkAccess(buyer, row.id)).toEqual({ hasAccess: true });
  });

  it('archives, instead of failing, when a join commits while the delete waits for the row', async () => {
    // On the PostgreSQL server the delete waits for the join's row lock; what it reads after
    // the wait must include the join. (PGlite runs one transaction at a time: no wait there.)
    const creator = await createUser();
    const buyer = await createUser();
    const row = await createEnvolvement(creator.id);
    let commit!: () => void;
    let locked!: () => void;
    const committing = new Promise<void>((resolve) => (commit = resolve));
    const holding = new Promise<void>((resolve) => (locked = resolve));
    const joining = db().transaction(async (tx) => {
      await takeSpot(tx, { envolvementId: row.id, userId: buyer.id, amountCents: 0, currency: 'usd' });
      locked();
      await committing;
    });
    await holding;
    const removing = remove(creator, row.id);
    await new Promise((resolve) => setTimeout(resolve, 200));
    commit();
    await joining;
    const removal = await removing;
    expect(removal.status).toBe(200);
    expect(removal.body).toEqual({ deleted: true, _id: row.id, archived: true, refunded: 0, refundsPending: 0 });
    expect(await db().select({ userId: purchases.userId, endedAt: purchases.endedAt }).from(purchases)).toEqual([
      { userId: buyer.id, endedAt: null },
    ]);
  });

  it('never fails or erases anything when people join while the creator deletes', async () => {
    const creator = await createUser();
    const joiners = await Promise.all(Array.from({ length: 6 }, () => createUser()));
    for (let round = 0; round < 4; round++) {
      const row = await createEnvolvement(creator.id);
      const claim = (as: TestUser) => call('POST', '/api/payment/grant-access', { as, json: { submissionId: row.id } });
      const [removal, ...claims] = await Promise.all([remove(creator, row.id), ...joiners.map(claim)]);
      expect(removal.status).toBe(200);
      for (const c of claims) expect([200, 404, 410]).toContain(c.status);
      const joined = claims.filter((c) => c.status === 200).length;
      expect(await db().select().from(purchases).where(eq(purchases.envolvementId, row.id))).toHaveLength(joined);
      expect(removal.body.archived).toBe(joined > 0);
    }
  });
});

describe('what holds money or work never cascades', () => {
  it('refuses a raw delete of an envolvement with purchases, payments or submissions', async () => {
    const creator = await createUser();
    const buyer = await createUser();
    const withPurchase = await createEnvolvement(creator.id);
    await createPurchase(withPurchase.id, buyer.id);
    const withSubmission = await createEnvolvement(creator.id);
    await db().insert(submissions).values({ envolvementId: withSubmission.id, userId: buyer.id });
    const withPayment = (await paidSetup()).row;
    await openCheckout(buyer, withPayment.id);

    const cases: Array<[{ id: string }, string]> = [
      [withPurchase, 'purchases'],
      [withSubmission, 'submissions'],
      [withPayment, 'payments'],
    ];
    for (const [row, table] of cases) {
      const error = await db()
        .execute(sql`delete from ${envolvements} where ${envolvements.id} = ${row.id}`)
        .then(
          () => null,
          (e: unknown) => e,
        );
      // PostgreSQL 17 (PGlite) says 23001 restrict_violation where 15 says 23503 foreign_key_violation.
      expect(databaseErrorOf(error)).toEqual({
        code: expect.stringMatching(/^23(001|503)$/),
        message: expect.stringMatching(new RegExp(`foreign key constraint "\\w+" on table "${table}"`)),
      });
    }
    expect(await db().select({ id: envolvements.id }).from(envolvements)).toHaveLength(3);
  });

  it('declares every foreign key of purchases, payments, refunds and submissions as restrict', async () => {
    const found = await rows<{ table: string; references: string; onDelete: string }>(sql`
      select conrelid::regclass::text as "table", confrelid::regclass::text as "references", confdeltype as "onDelete"
      from pg_constraint
      where contype = 'f' and conrelid::regclass::text in
        ('purchases', 'payments', 'payment_refunds', 'payment_status_changes', 'submissions', 'submission_status_changes')
      order by 1, 2`);
    expect(found.length).toBeGreaterThanOrEqual(9);
    // 'r': restrict; 'c' would be cascade.
    expect(found.filter((fk) => fk.onDelete !== 'r')).toEqual([]);
    expect(found.map((fk) => `${fk.table}→${fk.references}`)).toEqual(
      expect.arrayContaining([
        'payments→envolvements',
        'purchases→envolvements',
        'purchases→payments',
        'submissions→envolvements',
      ]),
    );
  });
});
