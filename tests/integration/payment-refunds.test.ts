import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { envolvements, paymentRefunds, purchases } from '@/models';
import { useTestDatabase } from '../helpers/db';
import { call } from '../helpers/http';
import {
  checkAccess,
  deliver,
  expectRefundedInFull,
  joinByCard,
  paidSetup,
  paymentOf,
  refundsAtStripe as refundsOf,
  useFakeStripe,
} from '../helpers/payments';
import { createEnvolvement, createPurchase, createUser, type TestUser } from '../factories';

useTestDatabase();
const stripe = useFakeStripe();

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

const members = (as: TestUser | null, id: string, cursor?: string) =>
  call('GET', `/api/post/${id}/members${cursor ? `?cursor=${cursor}` : ''}`, { as });
const refund = (as: TestUser | null, purchaseId: string) => call('POST', `/api/payment/refund/${purchaseId}`, { as });

const join = (buyer: TestUser, envolvementId: string) => joinByCard(stripe(), buyer, envolvementId);

async function purchaseOf(id: string) {
  const [row] = await db().select().from(purchases).where(eq(purchases.id, id));
  return row!;
}

const refundsAtStripe = (intentId: string) => refundsOf(stripe(), intentId);

/** Signed out, a 401; signed in as anyone but the creator (the buyer too), a 403 that says so. */
async function expectCreatorOnly(
  ask: (as: TestUser | null) => ReturnType<typeof call>,
  buyer: TestUser,
  forbidden: string,
) {
  const signedOut = await ask(null);
  expect({ status: signedOut.status, body: signedOut.body }).toEqual({
    status: 401,
    body: { error: 'You must be signed in to do this.', code: 'unauthorized' },
  });
  for (const someone of [buyer, await createUser()]) {
    const res = await ask(someone);
    expect({ status: res.status, body: res.body }).toEqual({
      status: 403,
      body: { error: forbidden, code: 'forbidden' },
    });
  }
}

function memberOf(user: TestUser, purchase: { id: string; createdAt: Date }, rest: Record<string, unknown>) {
  return {
    purchaseId: purchase.id,
    userID: user.id,
    username: user.name,
    userPicture: null,
    joinedAt: purchase.createdAt.toISOString(),
    currency: 'usd',
    ...rest,
  };
}

describe('GET /api/post/{id}/members', () => {
  it('lists every member newest first with paid amount and payment status; refunded ones stay', async () => {
    const { creator, buyer, row } = await paidSetup();
    const free = await createUser();
    const refunded = await createUser();
    const freePurchase = await createPurchase(row.id, free.id);
    const paid = await join(buyer, row.id);
    const gone = await join(refunded, row.id);
    expect((await refund(creator, gone.purchase.id)).status).toBe(200);

    const res = await members(creator, row.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      items: [
        memberOf(refunded, gone.purchase, {
          amountCents: 1999,
          amountRefundedCents: 1999,
          paymentStatus: 'refunded',
          endReason: 'refunded',
          refundable: false,
        }),
        memberOf(buyer, paid.purchase, {
          amountCents: 1999,
          amountRefundedCents: 0,
          paymentStatus: 'succeeded',
          endReason: null,
          refundable: true,
        }),
        memberOf(free, freePurchase, {
          amountCents: 0,
          amountRefundedCents: 0,
          paymentStatus: null,
          endReason: null,
          refundable: false,
        }),
      ],
      nextCursor: null,
    });
  });

  it('pages by 50: a full page has no next cursor, one more member makes a second page', async () => {
    const creator = await createUser();
    const row = await createEnvolvement(creator.id);
    for (let i = 0; i < 50; i++) await createPurchase(row.id, (await createUser()).id);
    const full = await members(creator, row.id);
    expect(full.body.items).toHaveLength(50);
    expect(full.body.nextCursor).toBeNull();

    const last = await createUser();
    await createPurchase(row.id, last.id);
    const first = await members(creator, row.id);
    expect(first.body.items).toHaveLength(50);
    expect(first.body.items[0].userID).toBe(last.id);
    const second = await members(creator, row.id, first.body.nextCursor);
    expect(second.body.items).toHaveLength(1);
    expect(second.body.nextCursor).toBeNull();
    const seen = new Set([...first.body.items, ...second.body.items].map((m: { purchaseId: string }) => m.purchaseId));
    expect(seen.size).toBe(51);
  });

  it('pages without losing members who joined within the same millisecond', async () => {
    // PostgreSQL keeps microseconds; a cursor cut to JavaScript's milliseconds skipped these.
    const creator = await createUser();
    const row = await createEnvolvement(creator.id);
    const joined = [];
    for (let i = 0; i < 51; i++) joined.push(await createPurchase(row.id, (await createUser()).id));
    await db().execute(sql`
      update ${purchases} set created_at = timestamptz '2025-03-01 12:00:00.123000+00' + (1 + abs(hashtext(id::text)) % 900) * interval '1 microsecond'
      where ${purchases.envolvementId} = ${row.id}`);
    const first = await members(creator, row.id);
    const second = await members(creator, row.id, first.body.nextCursor);
    const listed = [...first.body.items, ...second.body.items].map((m: { purchaseId: string }) => m.purchaseId);
    expect(listed.sort()).toEqual(joined.map((p) => p.id).sort());
  });

  it('answers 400 for a malformed cursor, 404 for an unknown or malformed id, 401 signed out, 403 for anyone but the creator', async () => {
    const { creator, buyer, row } = await paidSetup();
    await createPurchase(row.id, buyer.id, 1999);
    expect(await members(creator, row.id, 'not-a-cursor')).toMatchObject({
      status: 400,
      body: { error: 'Invalid cursor', code: 'bad_request' },
    });
    expect(await members(creator, UNKNOWN)).toMatchObject({
      status: 404,
      body: { error: 'Envolvement not found', code: 'not_found' },
    });
    expect(await members(creator, 'nope')).toMatchObject({
      status: 404,
      body: { error: 'Envolvement not found', code: 'not_found' },
    });
    await expectCreatorOnly(
      (as) => members(as, row.id),
      buyer,
      'Only the creator can see the members of this envolvement.',
    );
  });
});

describe('POST /api/payment/refund/{purchaseId}', () => {
  it('refunds a member in full through Stripe, ends the membership and records who asked', async () => {
    const { creator, buyer, row } = await paidSetup();
    const { intentId, purchase } = await join(buyer, row.id);
    expect(await checkAccess(buyer, row.id)).toEqual({ hasAccess: true });

    const res = await refund(creator, purchase.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(
      memberOf(buyer, purchase, {
        amountCents: 1999,
        amountRefundedCents: 1999,
        paymentStatus: 'refunded',
        endReason: 'refunded',
        refundable: false,
      }),
    );
    await expectRefundedInFull(stripe(), intentId, 'creator', creator.id);
    const [stripeRefund] = [...stripe().refundsById.values()].filter((r) => r.payment_intent === intentId);
    expect(await db().select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, intentId))).toEqual([
      {
        id: stripeRefund!.id,
        paymentId: intentId,
        amountCents: 1999,
        reason: 'creator',
        requestedBy: creator.id,
        // The whole transfer came back from the creator, and the platform's 5% fee went back too.
        transferReversedCents: 1999,
        feeRefundedCents: 100,
        createdAt: expect.any(Date),
      },
    ]);
    expect(await purchaseOf(purchase.id)).toMatchObject({ endedAt: expect.any(Date), endReason: 'refunded' });
    expect(await checkAccess(buyer, row.id)).toEqual({ hasAccess: false });
    const seen = await call('GET', `/api/post/${row.id}`, { as: buyer });
    expect(seen.body.membership).toEqual({
      joinedAt: purchase.createdAt.toISOString(),
      amountCents: 1999,
      currency: 'usd',
      free: false,
      endReason: 'refunded',
      paymentStatus: 'refunded',
      paidAt: (await paymentOf(intentId)).paidAt!.toISOString(),
    });
    // The spot is free again.
    const [after] = await db()
      .select({ count: envolvements.currentCount })
      .from(envolvements)
      .where(eq(envolvements.id, row.id));
    expect(after).toEqual({ count: 0 });
  });

  it('refunds what is left of a payment partly refunded in the dashboard', async () => {
    const { creator, buyer, row } = await paidSetup();
    const { intentId, purchase } = await join(buyer, row.id);
    stripe().refund(intentId, 500);
    await deliver(stripe(), stripe().eventsFor(intentId));
    expect(await paymentOf(intentId)).toMatchObject({ status: 'partially_refunded', amountRefundedCents: 500 });

    const res = await refund(creator, purchase.id);
    expect(res.body).toMatchObject({
      amountRefundedCents: 1999,
      paymentStatus: 'refunded',
      endReason: 'refunded',
      refundable: false,
    });
    expect(refundsAtStripe(intentId)).toEqual([
      { amount: 500, reason: undefined },
      { amount: 1499, reason: 'creator' },
    ]);
    expect(stripe().charges.get(stripe().intents.get(intentId)!.latest_charge!)).toMatchObject({
      amount_refunded: 1999,
      refunded: true,
    });
  });

  it('refunds once when the creator clicks twice at the same moment', async () => {
    const { creator, buyer, row } = await paidSetup();
    const { intentId, purchase } = await join(buyer, row.id);
    const answers = await Promise.all([refund(creator, purchase.id), refund(creator, purchase.id)]);
    const refundedDto = memberOf(buyer, purchase, {
      amountCents: 1999,
      amountRefundedCents: 1999,
      paymentStatus: 'refunded',
      endReason: 'refunded',
      refundable: false,
    });
    const alreadyRefunded = { error: 'This member has already been refunded.', code: 'conflict' };
    for (const answer of answers) {
      expect([
        { status: 200, body: refundedDto },
        { status: 409, body: alreadyRefunded },
      ]).toContainEqual({ status: answer.status, body: answer.body });
    }
    // Either click may be the one that refunds; the other may find the work done.
    expect(answers.map((answer) => answer.status)).toContain(200);
    expect(refundsAtStripe(intentId)).toEqual([{ amount: 1999, reason: 'creator' }]);
    expect(await db().select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, intentId))).toHaveLength(1);
  });

  it('refuses a free member, an already refunded one and a disputed payment, refunding nothing', async () => {
    const { creator, buyer, row } = await paidSetup({ quantity: 5 });
    const free = await createPurchase(row.id, (await createUser()).id);
    expect(await refund(creator, free.id)).toMatchObject({
      status: 409,
      body: { error: 'This member joined for free: there is nothing to refund.', code: 'conflict' },
    });

    const { purchase: refundedPurchase } = await join(buyer, row.id);
    expect((await refund(creator, refundedPurchase.id)).status).toBe(200);
    const again = await refund(creator, refundedPurchase.id);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: 'This member has already been refunded.', code: 'conflict' });

    const disputer = await createUser();
    const disputed = await join(disputer, row.id);
    stripe().dispute(disputed.intentId);
    await deliver(stripe(), stripe().eventsFor(disputed.intentId));
    expect(await paymentOf(disputed.intentId)).toMatchObject({ status: 'disputed' });
    const res = await refund(creator, disputed.purchase.id);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: 'This payment is disputed: Stripe settles it through the dispute.',
      code: 'conflict',
    });

    expect(refundsAtStripe(disputed.intentId)).toEqual([]);
    expect(await paymentOf(disputed.intentId)).toMatchObject({ status: 'disputed', refundReason: null });
    expect(await purchaseOf(free.id)).toMatchObject({ endedAt: null });
  });

  it('answers 401 signed out, 403 for anyone but the creator, 404 for an unknown or malformed id', async () => {
    const { creator, buyer, row } = await paidSetup();
    const { intentId, purchase } = await join(buyer, row.id);
    await expectCreatorOnly(
      (as) => refund(as, purchase.id),
      buyer,
      'Only the creator can refund members of this envolvement.',
    );
    // Another creator's own envolvement gives no right over this one's members.
    const otherCreator = await createUser();
    await createEnvolvement(otherCreator.id, { priceCents: 1999 });
    expect((await refund(otherCreator, purchase.id)).status).toBe(403);
    for (const id of [UNKNOWN, 'not-a-uuid']) {
      const res = await refund(creator, id);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Member not found', code: 'not_found' });
    }
    expect(refundsAtStripe(intentId)).toEqual([]);
    expect(await purchaseOf(purchase.id)).toMatchObject({ endedAt: null });
    expect(await checkAccess(buyer, row.id)).toEqual({ hasAccess: true });
  });
});
