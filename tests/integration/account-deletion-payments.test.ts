import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { reconcilePayments } from '@/lib/payments/reconcile';
import { envolvements, paymentRefunds, purchases, users } from '@/models';
import { createEnvolvement, createPurchase, createUser, type TestUser } from '../factories';
import { useTestDatabase } from '../helpers/db';
import { call } from '../helpers/http';
import { whileUpdating } from '../helpers/interleave';
import { useKeptLogs } from '../helpers/logs';
import { historyOf, openCheckout, paidSetup, paymentOf, usePayments } from '../helpers/payments';

// A deleted account keeps no payment: one that still arrives after the account is gone
// (paid before the deletion, its webhook late; or paid in a tab left open, after a deletion
// that could not reach Stripe to cancel it) is refunded in full, and no "Deleted member"
// takes a spot. Whoever finds the money (the deletion, the webhook, reconciliation) does it,
// once.
const database = useTestDatabase();
const { stripe, deliver, refundsAtStripe, withStripeDown } = usePayments();
const logs = useKeptLogs();

const MINUTE = 60_000;
const later = (ms: number) => new Date(Date.now() + ms);

const deleteAccount = (as: TestUser) => call('DELETE', '/api/account', { as, json: { confirm: 'DELETE' } });

async function anonymousId(): Promise<string> {
  const [row] = await db().select({ id: users.id }).from(users).where(like(users.id, 'deleted|%'));
  return row!.id;
}

/** What became of a payment: Stripe's refunds, the ledger, the memberships and spots of its envolvement. */
async function outcomeOf(intentId: string, envolvementId: string) {
  const payment = await paymentOf(intentId);
  const [row] = await db()
    .select({ spots: envolvements.currentCount })
    .from(envolvements)
    .where(eq(envolvements.id, envolvementId));
  return {
    refunds: refundsAtStripe(intentId),
    ledger: {
      status: payment.status,
      amountRefundedCents: payment.amountRefundedCents,
      refundReason: payment.refundReason,
      refundRequestedBy: payment.refundRequestedBy,
    },
    members: await db().select().from(purchases).where(eq(purchases.envolvementId, envolvementId)),
    spots: row!.spots,
  };
}

const REFUNDED_FOR_DELETION = {
  refunds: [{ amount: 1999, reason: 'account_deleted' }],
  ledger: { status: 'refunded', amountRefundedCents: 1999, refundReason: 'account_deleted', refundRequestedBy: null },
  members: [],
  spots: 0,
};

/** The buyer's checkout is open (paidSetup's $19.99) when they delete their account with Stripe away. */
async function deletedWithCheckoutOpen() {
  const { buyer, row } = await paidSetup();
  const intentId = await openCheckout(buyer, row.id);
  expect((await withStripeDown(() => deleteAccount(buyer))).status).toBe(200);
  // The cancel could not be made: logged, and the checkout left open, under the anonymous id.
  expect(logs().map((line) => JSON.parse(line) as Record<string, unknown>)).toContainEqual(
    expect.objectContaining({ level: 'error', scope: 'account.delete', paymentId: intentId }),
  );
  expect(await paymentOf(intentId)).toMatchObject({ status: 'requires_payment', buyerId: await anonymousId() });
  return { row, intentId };
}

describe('a payment that arrives for a deleted account', () => {
  it('is refunded in full when the buyer paid at Stripe just before deleting, the webhook still on its way', async () => {
    const { buyer, row } = await paidSetup();
    const intentId = await openCheckout(buyer, row.id);
    stripe().succeed(intentId);
    expect((await deleteAccount(buyer)).status).toBe(200);
    // The deletion asked Stripe about the checkout it meant to cancel, and found it paid.
    expect((await historyOf(intentId)).map((move) => [move.to, move.source])).toEqual([
      ['succeeded', 'account_deleted'],
      ['refunded', expect.stringMatching(/^refund:re_/)],
    ]);

    const answers = await deliver(stripe().eventsFor(intentId));
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    expect(await outcomeOf(intentId, row.id)).toEqual(REFUNDED_FOR_DELETION);
    expect(await paymentOf(intentId)).toMatchObject({ buyerId: await anonymousId() });
  });

  it('is refunded by the webhook when the deletion could not reach Stripe and the open tab paid later', async () => {
    const { row, intentId } = await deletedWithCheckoutOpen();
    stripe().succeed(intentId);
    const answers = await deliver(stripe().eventsFor(intentId));
    expect(answers.map((answer) => answer.body.outcome)).toContain('moved: succeeded; refund: account_deleted');
    expect(await outcomeOf(intentId, row.id)).toEqual(REFUNDED_FOR_DELETION);
  });

  it('is refunded by reconciliation when no webhook comes', async () => {
    const { row, intentId } = await deletedWithCheckoutOpen();
    stripe().succeed(intentId);
    expect(await reconcilePayments({ now: later(6 * MINUTE) })).toMatchObject({ checked: 1, changed: 1, failed: 0 });
    expect(await outcomeOf(intentId, row.id)).toEqual(REFUNDED_FOR_DELETION);
  });

  it('is never paid when reconciliation cancels the checkout the deletion could not', async () => {
    const { row, intentId } = await deletedWithCheckoutOpen();
    expect(await reconcilePayments({ now: later(6 * MINUTE) })).toMatchObject({ checked: 1, canceled: 1 });
    expect(stripe().intents.get(intentId)?.status).toBe('canceled');
    expect(await paymentOf(intentId)).toMatchObject({ status: 'canceled', refundReason: null });
    expect((await historyOf(intentId)).map((move) => [move.to, move.source])).toEqual([
      ['canceled', 'reconcile:account_deleted'],
    ]);
    expect((await outcomeOf(intentId, row.id)).members).toEqual([]);
  });

  it('is refunded once when its webhook comes twice, beside reconciliation, and again out of order', async () => {
    const { row, intentId } = await deletedWithCheckoutOpen();
    stripe().succeed(intentId);
    const succeeded = stripe()
      .eventsFor(intentId)
      .find((event) => event.type === 'payment_intent.succeeded')!;
    // The same event twice at once, and reconciliation at the same moment: each may settle it.
    await Promise.all([deliver([succeeded]), deliver([succeeded]), reconcilePayments({ now: later(6 * MINUTE) })]);
    // Then every event again, the refund's own before the payment's.
    await deliver([...stripe().eventsFor(intentId)].reverse());

    expect(await outcomeOf(intentId, row.id)).toEqual(REFUNDED_FOR_DELETION);
    expect(await db().select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, intentId))).toHaveLength(1);
    // Every refund request, however many were sent, carried the one key the payment gives.
    const keys = stripe()
      .requests.filter((request) => request.path === '/v1/refunds' && request.params.payment_intent === intentId)
      .map((request) => request.idempotencyKey);
    expect([...new Set(keys)]).toEqual([expect.stringMatching(/^envolve-refund-/)]);
  });

  it('leaves a membership the account held before it was deleted, as it leaves every record', async () => {
    const { buyer, row } = await paidSetup();
    const intentId = await openCheckout(buyer, row.id);
    stripe().succeed(intentId);
    await deliver(stripe().eventsFor(intentId));
    expect((await deleteAccount(buyer)).status).toBe(200);
    expect(await paymentOf(intentId)).toMatchObject({ status: 'succeeded', refundReason: null });
    expect(refundsAtStripe(intentId)).toEqual([]);
    expect((await outcomeOf(intentId, row.id)).spots).toBe(1);
  });
});

// On the PostgreSQL server the webhook runs beside the deletion, on a connection of its own:
// PGlite runs one statement at a time, so there the deletion would wait on itself.
const serverOnly = process.env.TEST_DATABASE_URL ? describe : describe.skip;
serverOnly('a payment decided while the deletion runs (needs a PostgreSQL server)', () => {
  it('refunds a membership granted after the deletion began, before the account was erased', async () => {
    const { buyer, row } = await paidSetup();
    const intentId = await openCheckout(buyer, row.id);
    // Something of hers that the deletion archives first: it holds there until released.
    const own = await createEnvolvement(buyer.id);
    await createPurchase(own.id, (await createUser()).id);
    const lock = await database.handle().pool!.connect();
    await lock.query('select pg_advisory_lock(7701)');
    try {
      await whileUpdating(
        'envolvements',
        `if NEW.archived_at is not null and OLD.archived_at is null then
           perform pg_advisory_lock(7701); perform pg_advisory_unlock(7701);
         end if; return NEW;`,
        async () => {
          const deleting = deleteAccount(buyer);
          await expect.poll(() => waitingOnLock(lock), { timeout: 10_000 }).toBe(true);
          // The buyer pays, and the webhook grants the spot while the deletion waits.
          stripe().succeed(intentId);
          const answers = await deliver(stripe().eventsFor(intentId));
          expect(answers.map((answer) => answer.body.outcome)).toContain('moved: succeeded');
          expect((await outcomeOf(intentId, row.id)).spots).toBe(1);
          await lock.query('select pg_advisory_unlock(7701)');
          expect((await deleting).status).toBe(200);
        },
      );
    } finally {
      lock.release();
    }
    expect(await outcomeOf(intentId, row.id)).toEqual({
      ...REFUNDED_FOR_DELETION,
      // Granted, then ended by the refund.
      members: [expect.objectContaining({ endReason: 'refunded', userId: await anonymousId() })],
    });
  });
});

async function waitingOnLock(client: { query: (text: string) => Promise<{ rows: { waiting: boolean }[] }> }) {
  const { rows } = await client.query(
    "select exists (select 1 from pg_locks where locktype = 'advisory' and not granted) as waiting",
  );
  return rows[0]!.waiting;
}
