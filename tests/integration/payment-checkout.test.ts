import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { paymentOutcome } from '@/lib/payments/card';
import { recordPayment } from '@/lib/payments/ledger';
import { envolvements, payments, purchases } from '@/models';
import { useTestDatabase } from '../helpers/db';
import { call } from '../helpers/http';
import { historyOf, openCheckout, paidSetup, paymentOf, useFakeStripe } from '../helpers/payments';
import type { TestUser } from '../factories';

useTestDatabase();
const stripe = useFakeStripe();

const checkout = (as: TestUser, envolvementId: string) =>
  call('POST', '/api/payment/create-payment-intent', { as, json: { submissionId: envolvementId } });

const intentCreates = (buyer: TestUser) =>
  stripe().requests.filter(
    (r) => r.method === 'POST' && r.path === '/v1/payment_intents' && r.body['metadata[userId]'] === buyer.id,
  );

const stripeStatusOf = (id: string) => stripe().intents.get(id)?.status;

/**
 * Runs `work` while a trigger does `body` (PL/pgSQL, ending in a RETURN) `when` a row of
 * `table` changes ('before insert', 'after update'): what the database or another request
 * does at that instant, made certain on either engine.
 */
async function withTrigger<T>(table: string, when: string, body: string, work: () => Promise<T>): Promise<T> {
  // A run cut short (as Stryker does) may leave them behind in a kept database.
  await db().execute(
    sql.raw(
      `create or replace function test_checkout_trigger() returns trigger language plpgsql as $$ begin ${body} end $$`,
    ),
  );
  await db().execute(sql.raw(`drop trigger if exists test_checkout_trigger on ${table}`));
  await db().execute(
    sql.raw(
      `create trigger test_checkout_trigger ${when} on ${table} for each row execute function test_checkout_trigger()`,
    ),
  );
  try {
    return await work();
  } finally {
    await db().execute(sql.raw(`drop trigger test_checkout_trigger on ${table}`));
    await db().execute(sql.raw('drop function test_checkout_trigger()'));
  }
}

describe('POST /api/payment/create-payment-intent: resuming or retiring the open intent', () => {
  it('answers 503 when Stripe does not know the open intent, opening no other and leaving the ledger as it is', async () => {
    const { buyer, row } = await paidSetup();
    // Recorded under other Stripe keys, say: Stripe answers 404 for it.
    const lost = 'pi_recordedElsewhere';
    await recordPayment({ id: lost, envolvementId: row.id, buyerId: buyer.id, amountCents: 1999, currency: 'usd' });

    const res = await checkout(buyer, row.id);
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      error: 'Card payments are not available right now. Please try again later.',
      code: 'unavailable',
    });
    expect(intentCreates(buyer)).toEqual([]);
    expect(await paymentOf(lost)).toMatchObject({ status: 'requires_payment', amountCents: 1999 });
    expect(await historyOf(lost)).toEqual([]);
  });

  it('retires the open intent when only the currency changed, recording that the checkout did, and offers one in the new currency', async () => {
    const { buyer, row } = await paidSetup();
    const old = await openCheckout(buyer, row.id);
    await db().update(envolvements).set({ currency: 'eur' }).where(eq(envolvements.id, row.id));

    const res = await checkout(buyer, row.id);
    expect(res.status).toBe(200);
    const fresh = res.body.paymentIntentId as string;
    expect(fresh).not.toBe(old);
    expect(stripeStatusOf(old)).toBe('canceled');
    expect(await historyOf(old)).toEqual([
      { from: 'requires_payment', to: 'canceled', refunded: 0, applied: true, source: 'checkout' },
    ]);
    expect(stripe().intents.get(fresh)).toMatchObject({
      amount: 1999,
      currency: 'eur',
      status: 'requires_payment_method',
    });
    expect(await paymentOf(fresh)).toMatchObject({ amountCents: 1999, currency: 'eur', status: 'requires_payment' });
  });

  it('gives up with 409 after three rounds in which the offer changed again, and the next checkout starts afresh', async () => {
    const { buyer, row } = await paidSetup();
    const first = await openCheckout(buyer, row.id);
    await db().update(envolvements).set({ priceCents: 2099 }).where(eq(envolvements.id, row.id));
    // Each time the checkout retires the buyer's open intent, another checkout of theirs has
    // just recorded one at the current price, and the creator has raised it again.
    const others = [2099, 2199, 2299].map(
      (amount) => stripe().addIntent({ amount, metadata: { envolvementId: row.id, userId: buyer.id } }).id,
    );
    const otherCheckoutAndNewPrice = `
      if new.status = 'canceled' and old.status <> 'canceled' then
        insert into payments (id, envolvement_id, buyer_id, amount_cents, currency)
          select (array['${others.join("','")}'])[(select count(*) from payments where buyer_id = new.buyer_id)::int],
                 e.id, new.buyer_id, e.price_cents, e.currency
          from envolvements e where e.id = new.envolvement_id;
        update envolvements set price_cents = price_cents + 100 where id = new.envolvement_id;
      end if;
      return null;`;

    const res = await withTrigger('payments', 'after update', otherCheckoutAndNewPrice, () => checkout(buyer, row.id));
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: 'Your checkout changed while it was starting. Please try again.',
      code: 'conflict',
    });
    // Every intent it retired is canceled; it opened none of its own.
    expect([first, ...others].map(stripeStatusOf)).toEqual([
      'canceled',
      'canceled',
      'canceled',
      'requires_payment_method',
    ]);
    expect(intentCreates(buyer)).toHaveLength(1);

    const again = await checkout(buyer, row.id);
    expect(again.status).toBe(200);
    expect([first, ...others]).not.toContain(again.body.paymentIntentId);
    expect(stripe().intents.get(again.body.paymentIntentId)).toMatchObject({
      amount: 2399,
      status: 'requires_payment_method',
    });
    expect(stripeStatusOf(others[2]!)).toBe('canceled');
  });
});

describe('POST /api/payment/create-payment-intent: recording the new intent', () => {
  it('answers 503 when the ledger write times out, leaving the intent for the retry to get back', async () => {
    const { buyer, row } = await paidSetup();
    const timedOut = `raise exception 'canceling statement due to statement timeout' using errcode = 'query_canceled';`;

    const res = await withTrigger('payments', 'before insert', timedOut, () => checkout(buyer, row.id));
    // An overloaded database: come back in a moment.
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      error: 'Envolve is briefly unavailable. Please try again in a moment.',
      code: 'unavailable',
    });
    expect(intentCreates(buyer)).toHaveLength(1);
    const intentId = [...stripe().intents.values()].find((i) => i.metadata.userId === buyer.id)!.id;
    expect(stripeStatusOf(intentId)).toBe('requires_payment_method');
    expect(await db().select().from(payments)).toEqual([]);

    // The same checkout sends the same idempotency key, and Stripe answers the same intent.
    const retry = await checkout(buyer, row.id);
    expect(retry.status).toBe(200);
    expect(retry.body.paymentIntentId).toBe(intentId);
    expect(await paymentOf(intentId)).toMatchObject({ status: 'requires_payment', amountCents: 1999 });
  });
});

describe('paymentOutcome', () => {
  it('tells the buyer of a succeeded payment whose membership is not recorded yet to wait, and grants once it is', async () => {
    const { buyer, row } = await paidSetup();
    const id = 'pi_succeededNotFulfilled';
    await recordPayment({ id, envolvementId: row.id, buyerId: buyer.id, amountCents: 1999, currency: 'usd' });
    await db().update(payments).set({ status: 'succeeded' }).where(eq(payments.id, id));

    expect(await paymentOutcome(await paymentOf(id))).toEqual({
      granted: false,
      message: 'Your payment is being confirmed. Please refresh in a moment.',
    });

    await db()
      .insert(purchases)
      .values({ envolvementId: row.id, userId: buyer.id, amountCents: 1999, paymentIntentId: id });
    expect(await paymentOutcome(await paymentOf(id))).toEqual({ granted: true });
  });
});
