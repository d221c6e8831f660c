// Behaviours that mutation testing found no test for: each case here fails when the rule
// it names is weakened (a condition dropped, a branch removed, a WHERE widened).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { listPurchasedEnvolvements } from '@/lib/envolvements/list';
import { REFUND_REASON_TEXT } from '@/lib/domain/ledger-rules';
import { paymentEvents, posts, purchases, users } from '@/models';
import { useTestDatabase } from '../helpers/db';
import { call } from '../helpers/http';
import { openCheckout, paidSetup, paymentOf, usePayments } from '../helpers/payments';
import { creationBody } from '../factories/envolvement-input';
import { createEnvolvement, createPurchase, createUser, type TestUser } from '../factories';

useTestDatabase();
const { stripe, deliver, joinByCard, withStripeDown } = usePayments();

async function withUpdate() {
  const creator = await createUser();
  const row = await createEnvolvement(creator.id);
  await db()
    .insert(posts)
    .values({ envolvementId: row.id, authorId: creator.id, kind: 'update', title: 'Week 1', description: 'Hello' });
  return { creator, row };
}

describe('the updates in GET /api/post/{id}', () => {
  it('go to the creator and members, never to a stranger, a visitor or a member whose money went back', async () => {
    const { creator, row } = await withUpdate();
    const member = await createUser();
    await createPurchase(row.id, member.id);
    const refunded = await createUser();
    const [ended] = await db().insert(purchases).values({ envolvementId: row.id, userId: refunded.id }).returning();
    await db().update(purchases).set({ endedAt: new Date(), endReason: 'refunded' }).where(eq(purchases.id, ended!.id));
    const titles = async (as: TestUser | null) =>
      ((await call('GET', `/api/post/${row.id}`, { as })).body.activityPost as Array<{ title: string }>).map(
        (p) => p.title,
      );
    expect(await titles(creator)).toEqual(['Week 1']);
    expect(await titles(member)).toEqual(['Week 1']);
    expect(await titles(await createUser())).toEqual([]);
    expect(await titles(null)).toEqual([]);
    expect(await titles(refunded)).toEqual([]);
  });
});

describe('a webhook event that fails on our side', () => {
  it('is released, so that Stripe retrying it gets it processed', async () => {
    const { buyer, row } = await paidSetup({ quantity: 1 });
    const late = await createUser();
    const lateIntent = await openCheckout(late, row.id);
    await joinByCard(buyer, row.id);
    stripe().succeed(lateIntent);
    const events = stripe().eventsFor(lateIntent);
    // Sold out: the late payment must be refunded, which needs Stripe.
    const failed = await withStripeDown(() => deliver(events));
    // Stripe unreachable: 503, so Stripe tries again later.
    expect(failed.some((answer) => answer.status === 503)).toBe(true);
    const kept = await db().select().from(paymentEvents).where(eq(paymentEvents.paymentIntentId, lateIntent));
    expect(kept.map((event) => event.outcome)).not.toContain('processing');

    const retried = await deliver(events);
    expect(retried.every((answer) => answer.status === 200)).toBe(true);
    expect(await paymentOf(lateIntent)).toMatchObject({ status: 'refunded', refundReason: 'sold_out' });
  });
});

describe('grant-access for a payment that was refunded', () => {
  it("answers 409 with the refund's reason and grants nothing", async () => {
    const { creator, buyer, row } = await paidSetup();
    const { intentId, purchase } = await joinByCard(buyer, row.id);
    expect((await call('POST', `/api/payment/refund/${purchase.id}`, { as: creator })).status).toBe(200);
    const res = await call('POST', '/api/payment/grant-access', {
      as: buyer,
      json: { submissionId: row.id, paymentIntentId: intentId },
    });
    expect(res).toMatchObject({ status: 409, body: { error: REFUND_REASON_TEXT.creator, code: 'conflict' } });
    const held = await db().select().from(purchases).where(eq(purchases.userId, buyer.id));
    expect(held.every((p) => p.endedAt !== null)).toBe(true);
  });
});

describe("a deleted account's session", () => {
  it('is not signed in any more', async () => {
    const gone = await createUser();
    await db().delete(users).where(eq(users.id, gone.id));
    const res = await call('POST', '/api/post/new-base-envolvement', { as: gone, json: creationBody() });
    expect(res).toMatchObject({ status: 401, body: { code: 'unauthorized' } });
  });
});

describe('the Purchased tab', () => {
  it("lists the user's own memberships once each, the latest join first, and nobody else's", async () => {
    const creator = await createUser();
    const user = await createUser();
    const first = await createEnvolvement(creator.id);
    const second = await createEnvolvement(creator.id);
    const theirs = await createEnvolvement(creator.id);
    const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 12, minutes));
    await db()
      .insert(purchases)
      .values([
        { envolvementId: first.id, userId: user.id, createdAt: at(0), endedAt: at(5), endReason: 'refunded' },
        { envolvementId: second.id, userId: user.id, createdAt: at(10) },
        { envolvementId: first.id, userId: user.id, createdAt: at(20) },
        { envolvementId: theirs.id, userId: (await createUser()).id, createdAt: at(30) },
      ]);
    const { items: listed } = await listPurchasedEnvolvements(user.id);
    expect(listed.map((e) => e._id)).toEqual([first.id, second.id]);
    expect(listed[0]!.membership).toMatchObject({ endReason: null });
  });
});
