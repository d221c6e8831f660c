import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { db } from '@/lib/db/client';
import { redirectLogs } from '@/lib/log';
import { ABANDON_AFTER_MS, reconcilePayments } from '@/lib/payments/reconcile';
import { payments, purchases } from '@/models';
import { useTestDatabase } from '../helpers/db';
import { invalidRequest } from '../helpers/fake-stripe-ledger';
import { checkAccess, historyOf, openCheckout, paidSetup, paymentOf, usePayments } from '../helpers/payments';
import { createUser } from '../factories';

// What reconciliation finds at Stripe when no webhook told the app: disputes, intents
// Stripe no longer knows, a Stripe that cannot be reached, and a buyer who pays at the
// moment an abandoned intent is canceled.
useTestDatabase();
const { stripe, joinByCard, withStripeDown } = usePayments();

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const later = (ms: number) => new Date(Date.now() + ms);
const CANCEL = /^\/v1\/payment_intents\/[^/]+\/cancel$/;

/** Runs `work` with the logs kept aside; gives its result and the log records. */
async function withLogs<T>(work: () => Promise<T>): Promise<{ result: T; logs: Array<Record<string, unknown>> }> {
  const lines: string[] = [];
  const restoreLogs = redirectLogs({ write: (line) => void lines.push(line) });
  try {
    const result = await work();
    return { result, logs: lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
  } finally {
    restoreLogs();
  }
}

async function createdAtOf(paymentId: string): Promise<Date> {
  const [row] = await db().select({ createdAt: payments.createdAt }).from(payments).where(eq(payments.id, paymentId));
  return row!.createdAt;
}

describe('reconcilePayments and disputes with no webhook', () => {
  it('applies a dispute opened at Stripe, then its loss, which ends the membership even past the watch window', async () => {
    const { buyer, row } = await paidSetup();
    const { intentId, purchase } = await joinByCard(buyer, row.id);
    const dispute = stripe().dispute(intentId);

    expect(await reconcilePayments({ now: later(6 * MINUTE) })).toMatchObject({ checked: 1, changed: 1, failed: 0 });
    expect(await paymentOf(intentId)).toMatchObject({ status: 'disputed' });

    // A disputed payment stays watched after the 120 days of paid ones, until it is settled.
    await db()
      .update(payments)
      .set({ createdAt: new Date(Date.now() - 121 * DAY) })
      .where(eq(payments.id, intentId));
    stripe().closeDispute(dispute.id, 'lost');
    expect(await reconcilePayments({ now: later(12 * MINUTE) })).toMatchObject({ checked: 1, changed: 1, failed: 0 });
    expect(await paymentOf(intentId)).toMatchObject({ status: 'dispute_lost' });
    const [ended] = await db().select().from(purchases).where(eq(purchases.id, purchase.id));
    expect(ended).toMatchObject({ endReason: 'dispute_lost', endedAt: expect.any(Date) });
    expect(await checkAccess(buyer, row.id)).toEqual({ hasAccess: false });
    expect((await historyOf(intentId)).filter((move) => move.source === 'reconcile')).toEqual([
      { from: 'succeeded', to: 'disputed', refunded: 0, source: 'reconcile', applied: true },
      { from: 'disputed', to: 'dispute_lost', refunded: 0, source: 'reconcile', applied: true },
    ]);
  });

  it('gives a payment back its standing when Stripe says the dispute was won', async () => {
    const { buyer, row } = await paidSetup();
    const { intentId } = await joinByCard(buyer, row.id);
    const dispute = stripe().dispute(intentId);
    await reconcilePayments({ now: later(6 * MINUTE) });
    stripe().closeDispute(dispute.id, 'won');

    expect(await reconcilePayments({ now: later(12 * MINUTE) })).toMatchObject({ checked: 1, changed: 1, failed: 0 });
    expect(await paymentOf(intentId)).toMatchObject({ status: 'succeeded', refundReason: null });
    expect(await checkAccess(buyer, row.id)).toEqual({ hasAccess: true });
  });
});

describe('reconcilePayments when Stripe does not answer as hoped', () => {
  it('checks an intent Stripe no longer knows and leaves it as it is', async () => {
    const { buyer, row } = await paidSetup();
    const intentId = await openCheckout(buyer, row.id);
    stripe().intents.delete(intentId);

    expect(await reconcilePayments({ now: later(25 * 60 * MINUTE) })).toEqual({
      checked: 1,
      changed: 0,
      canceled: 0,
      failed: 0,
    });
    expect(await paymentOf(intentId)).toMatchObject({ status: 'requires_payment' });
  });

  it('counts and logs every entry it could not check while Stripe is unreachable, and changes nothing', async () => {
    const { buyer, row } = await paidSetup();
    const intentId = await openCheckout(buyer, row.id);
    stripe().succeed(intentId);
    const { result, logs } = await withLogs(() => withStripeDown(() => reconcilePayments({ now: later(6 * MINUTE) })));
    expect(result).toEqual({ checked: 1, changed: 0, canceled: 0, failed: 1 });
    expect(logs).toEqual([
      expect.objectContaining({ level: 'error', scope: 'payments.reconcile', paymentId: intentId }),
    ]);
    expect(await paymentOf(intentId)).toMatchObject({ status: 'requires_payment', reconciledAt: null });
    expect(await checkAccess(buyer, row.id)).toEqual({ hasAccess: false });
  });

  it('does nothing on a site without Stripe keys', async () => {
    const { buyer, row } = await paidSetup();
    const intentId = await openCheckout(buyer, row.id);
    stripe().succeed(intentId);
    vi.stubEnv('STRIPE_SECRET_KEY', '');
    expect(await reconcilePayments({ now: later(6 * MINUTE) })).toEqual({
      checked: 0,
      changed: 0,
      canceled: 0,
      failed: 0,
    });
    vi.unstubAllEnvs();
    expect(await paymentOf(intentId)).toMatchObject({ status: 'requires_payment', reconciledAt: null });
  });
});

describe('reconcilePayments and abandoned intents', () => {
  it('cancels an intent only once more than a whole day has passed, and says where the move came from', async () => {
    const { buyer, row } = await paidSetup();
    const intentId = await openCheckout(buyer, row.id);
    const dayAfter = (await createdAtOf(intentId)).getTime() + ABANDON_AFTER_MS;

    expect(await reconcilePayments({ now: new Date(dayAfter) })).toMatchObject({ canceled: 0 });
    expect(stripe().intents.get(intentId)).toMatchObject({ status: 'requires_payment_method' });
    expect(await reconcilePayments({ now: new Date(dayAfter + 1) })).toMatchObject({ canceled: 1, failed: 0 });
    expect(await historyOf(intentId)).toEqual([
      { from: 'requires_payment', to: 'canceled', refunded: 0, source: 'reconcile:abandoned', applied: true },
    ]);
  });

  it('fulfils instead when the buyer pays just before the cancel reaches Stripe', async () => {
    const { buyer, row } = await paidSetup();
    const intentId = await openCheckout(buyer, row.id);
    stripe().beforeNext('POST', CANCEL, () => void stripe().succeed(intentId));

    expect(await reconcilePayments({ now: later(25 * 60 * MINUTE) })).toEqual({
      checked: 1,
      changed: 1,
      canceled: 0,
      failed: 0,
    });
    expect(await paymentOf(intentId)).toMatchObject({ status: 'succeeded', refundReason: null });
    expect(await checkAccess(buyer, row.id)).toEqual({ hasAccess: true });
    expect(await historyOf(intentId)).toEqual([
      { from: 'requires_payment', to: 'succeeded', refunded: 0, source: 'reconcile:abandoned', applied: true },
    ]);
  });

  it('counts a cancel Stripe refuses for another reason as failed, and leaves the intent open', async () => {
    const { buyer, row } = await paidSetup();
    const intentId = await openCheckout(buyer, row.id);
    stripe().beforeNext('POST', CANCEL, () => {
      throw invalidRequest('parameter_invalid', 'Invalid cancellation_reason.', 'cancellation_reason');
    });
    const { result, logs } = await withLogs(() => reconcilePayments({ now: later(25 * 60 * MINUTE) }));
    expect(result).toEqual({ checked: 1, changed: 0, canceled: 0, failed: 1 });
    expect(logs).toEqual([expect.objectContaining({ scope: 'payments.reconcile', paymentId: intentId })]);
    expect(await paymentOf(intentId)).toMatchObject({ status: 'requires_payment' });
    expect(stripe().intents.get(intentId)).toMatchObject({ status: 'requires_payment_method' });
  });

  it('counts nothing as canceled for paid payments older than a day', async () => {
    const { buyer, row } = await paidSetup();
    const other = await createUser();
    const { intentId } = await joinByCard(buyer, row.id);
    await joinByCard(other, row.id);
    stripe().refund(intentId);
    expect(await reconcilePayments({ now: later(2 * DAY) })).toEqual({
      checked: 2,
      changed: 1,
      canceled: 0,
      failed: 0,
    });
  });
});
