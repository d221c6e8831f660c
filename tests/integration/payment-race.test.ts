import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { envolvements, paymentRefunds, payments, purchases } from '@/models';
import { useTestDatabase } from '../helpers/db';
import { openCheckout, postWebhook, useFakeStripe } from '../helpers/payments';
import { createEnvolvement, createUser } from '../factories';

// Meaningful on the PostgreSQL server (TEST_DATABASE_URL), where the fulfilments run in
// parallel transactions; PGlite runs one statement at a time.
useTestDatabase();
const stripe = useFakeStripe();

const BUYERS = 50;
const SPOTS = 10;
const PRICE = 1999;

describe('50 payments for 10 spots, fulfilled at the same moment', () => {
  it('makes exactly 10 members, refunds the other 40 as sold out, and the ledger adds up to what Stripe holds', async () => {
    const creator = await createUser();
    const row = await createEnvolvement(creator.id, { priceCents: PRICE, unlimited: false, quantity: SPOTS });
    const buyers = await Promise.all(Array.from({ length: BUYERS }, () => createUser()));
    const intentIds = await Promise.all(buyers.map((buyer) => openCheckout(buyer, row.id)));
    for (const id of intentIds) stripe().succeed(id);

    const succeeded = stripe().events.filter((e) => e.type === 'payment_intent.succeeded');
    expect(succeeded).toHaveLength(BUYERS);
    const answers = await Promise.all(
      succeeded.map((event) => {
        const payload = JSON.stringify(event);
        return postWebhook(payload, stripe().sign(payload));
      }),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(BUYERS).fill(200));

    const members = await db().select().from(purchases).where(eq(purchases.envolvementId, row.id));
    expect(members).toHaveLength(SPOTS);
    expect(
      members.every((m) => m.endedAt === null && m.amountCents === PRICE && intentIds.includes(m.paymentIntentId!)),
    ).toBe(true);
    const [spots] = await db()
      .select({ count: envolvements.currentCount })
      .from(envolvements)
      .where(eq(envolvements.id, row.id));
    expect(spots).toEqual({ count: SPOTS });

    const ledger = await db().select().from(payments).where(eq(payments.envolvementId, row.id));
    const granted = new Set(members.map((m) => m.paymentIntentId));
    const refused = ledger.filter((p) => !granted.has(p.id));
    expect(refused).toHaveLength(BUYERS - SPOTS);
    expect(
      refused.every((p) => p.status === 'refunded' && p.refundReason === 'sold_out' && p.amountRefundedCents === PRICE),
    ).toBe(true);
    expect(
      ledger.filter((p) => granted.has(p.id)).every((p) => p.status === 'succeeded' && p.refundReason === null),
    ).toBe(true);

    // Every refused payment went back once, in full, at Stripe.
    const atStripe = [...stripe().refundsById.values()];
    expect(atStripe.map((r) => r.payment_intent).sort()).toEqual(refused.map((p) => p.id).sort());
    expect(atStripe.every((r) => r.amount === PRICE && r.metadata.reason === 'sold_out')).toBe(true);
    const [recorded] = await db()
      .select({
        n: sql<number>`count(*)::int`,
        cents: sql<number>`coalesce(sum(${paymentRefunds.amountCents}), 0)::int`,
      })
      .from(paymentRefunds);
    expect(recorded).toEqual({ n: BUYERS - SPOTS, cents: (BUYERS - SPOTS) * PRICE });

    // The ledger's sums are Stripe's sums.
    const charges = [...stripe().charges.values()];
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    expect(sum(ledger.map((p) => p.amountRefundedCents))).toBe(sum(atStripe.map((r) => r.amount)));
    expect(sum(ledger.map((p) => p.amountCents))).toBe(sum(charges.map((c) => c.amount_captured)));
    expect(sum(charges.map((c) => c.amount_captured - c.amount_refunded))).toBe(sum(members.map((m) => m.amountCents)));
  });
});
