import { eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { envolvements, paymentRefunds, payments, purchases } from '@/models';
import { useTestDatabase } from '../helpers/db';
import { openCheckout, postWebhook, useFakeStripe } from '../helpers/payments';
import { createEnvolvement, createUser } from '../factories';

// The spot is taken by one conditional UPDATE, and the row lock it waits on orders the
// buyers (lib/payments/grant.ts). Only a PostgreSQL server (TEST_DATABASE_URL, as in CI)
// runs the fulfilments in parallel transactions, on connections of their own; PGlite runs
// one statement at a time, so there a check-then-write that oversells passes too, and the
// test is skipped rather than pass for nothing.
const database = useTestDatabase();
const stripe = useFakeStripe();

/** The most connections of the pool in use at one moment while `work` runs. */
async function peakConnections<T>(pool: pg.Pool, work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let inUse = 0;
  let peak = 0;
  const acquired = () => (peak = Math.max(peak, ++inUse));
  const released = () => void (inUse -= 1);
  pool.on('acquire', acquired);
  pool.on('release', released);
  try {
    return { result: await work(), peak };
  } finally {
    pool.off('acquire', acquired);
    pool.off('release', released);
  }
}

const BUYERS = 50;
const SPOTS = 10;
const PRICE = 1999;

const serverOnly = process.env.TEST_DATABASE_URL ? describe : describe.skip;
serverOnly('50 payments for 10 spots at once (needs a PostgreSQL server: PGlite runs one at a time)', () => {
  it('makes exactly 10 members, refunds the other 40 as sold out, and the ledger adds up to what Stripe holds', async () => {
    const creator = await createUser();
    const row = await createEnvolvement(creator.id, { priceCents: PRICE, unlimited: false, quantity: SPOTS });
    const buyers = await Promise.all(Array.from({ length: BUYERS }, () => createUser()));
    const intentIds = await Promise.all(buyers.map((buyer) => openCheckout(buyer, row.id)));
    for (const id of intentIds) stripe().succeed(id);

    const succeeded = stripe().events.filter((e) => e.type === 'payment_intent.succeeded');
    expect(succeeded).toHaveLength(BUYERS);
    const { result: answers, peak } = await peakConnections(database.handle().pool!, () =>
      Promise.all(
        succeeded.map((event) => {
          const payload = JSON.stringify(event);
          return postWebhook(payload, stripe().sign(payload));
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(BUYERS).fill(200));
    // The deliveries really overlapped: several transactions held connections at once.
    expect(peak).toBeGreaterThan(1);

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
