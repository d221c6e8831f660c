import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { db } from '@/lib/db/client';
import { BUILD_DATA_EXPORTS, DELIVER_EMAILS, FOLLOW_DIGESTS, RECONCILE_PAYMENTS, startJobs } from '@/lib/jobs';
import { redirectLogs } from '@/lib/log';
import { reconcilePayments } from '@/lib/payments/reconcile';
import { paymentRefunds, payments, purchases } from '@/models';
import { useTestDatabase } from '../helpers/db';
import { call } from '../helpers/http';
import { checkAccess, openCheckout, paidSetup, paymentOf, usePayments } from '../helpers/payments';
import { createUser } from '../factories';

const database = useTestDatabase();
const { stripe, deliver, joinByCard, refundsAtStripe, expectRefundedInFull, withStripeDown } = usePayments();

const MINUTE = 60_000;
const later = (ms: number) => new Date(Date.now() + ms);
const nothing = { checked: 0, changed: 0, canceled: 0, failed: 0 };

describe('reconcilePayments', () => {
  it('fulfils a payment whose webhook never came, once five minutes have passed and not before', async () => {
    const { buyer, row } = await paidSetup();
    const intentId = await openCheckout(buyer, row.id);
    stripe().succeed(intentId);

    expect(await reconcilePayments({ now: later(4 * MINUTE) })).toEqual(nothing);
    expect(await checkAccess(buyer, row.id)).toEqual({ hasAccess: false });
    expect(await paymentOf(intentId)).toMatchObject({ status: 'requires_payment' });

    expect(await reconcilePayments({ now: later(6 * MINUTE) })).toEqual({
      checked: 1,
      changed: 1,
      canceled: 0,
      failed: 0,
    });
    expect(await paymentOf(intentId)).toMatchObject({ status: 'succeeded', refundReason: null });
    expect(await db().select({ userId: purchases.userId, amountCents: purchases.amountCents }).from(purchases)).toEqual(
      [{ userId: buyer.id, amountCents: 1999 }],
    );
    expect(await checkAccess(buyer, row.id)).toEqual({ hasAccess: true });
  });

  it('applies refunds made in the dashboard with no webhook: in full ends the membership, in part keeps it', async () => {
    const { buyer, row } = await paidSetup();
    const partly = await createUser();
    const full = await joinByCard(buyer, row.id);
    const part = await joinByCard(partly, row.id);
    stripe().refund(full.intentId);
    stripe().refund(part.intentId, 700);

    const report = await reconcilePayments({ now: later(6 * MINUTE) });
    expect(report).toEqual({ checked: 2, changed: 2, canceled: 0, failed: 0 });
    expect(await paymentOf(full.intentId)).toMatchObject({
      status: 'refunded',
      amountRefundedCents: 1999,
      refundReason: null,
    });
    expect(await paymentOf(part.intentId)).toMatchObject({ status: 'partially_refunded', amountRefundedCents: 700 });
    const [ended] = await db().select().from(purchases).where(eq(purchases.id, full.purchase.id));
    expect(ended).toMatchObject({ endReason: 'refunded', endedAt: expect.any(Date) });
    expect(await checkAccess(buyer, row.id)).toEqual({ hasAccess: false });
    expect(await checkAccess(partly, row.id)).toEqual({ hasAccess: true });
    // Nothing more went back than the dashboard sent.
    expect(refundsAtStripe(full.intentId)).toEqual([{ amount: 1999, reason: undefined }]);
    expect(refundsAtStripe(part.intentId)).toEqual([{ amount: 700, reason: undefined }]);
  });

  it('checks paid payments in turn, so a limited run does not look at the same ones forever', async () => {
    const { buyer, row } = await paidSetup();
    const second = await createUser();
    await joinByCard(buyer, row.id);
    const newer = await joinByCard(second, row.id);
    stripe().refund(newer.intentId);
    expect(await reconcilePayments({ now: later(6 * MINUTE), limit: 1 })).toEqual({
      checked: 1,
      changed: 0,
      canceled: 0,
      failed: 0,
    });
    expect(await reconcilePayments({ now: later(6 * MINUTE), limit: 1 })).toEqual({
      checked: 1,
      changed: 1,
      canceled: 0,
      failed: 0,
    });
    expect(await paymentOf(newer.intentId)).toMatchObject({ status: 'refunded' });
  });

  it('stops watching a paid payment once the dispute window has passed, but never an open one', async () => {
    const { buyer, row } = await paidSetup();
    const old = await joinByCard(buyer, row.id);
    stripe().refund(old.intentId);
    const waiting = await openCheckout(await createUser(), row.id);
    await db()
      .update(payments)
      .set({ createdAt: sql`now() - interval '121 days'` });
    const report = await reconcilePayments({ now: later(6 * MINUTE) });
    // Only the open intent is looked at (and canceled, as abandoned); the old paid one is left as it was.
    expect(report).toEqual({ checked: 1, changed: 1, canceled: 1, failed: 0 });
    expect(await paymentOf(waiting)).toMatchObject({ status: 'canceled' });
    expect(await paymentOf(old.intentId)).toMatchObject({ status: 'succeeded', reconciledAt: null });
  });

  it('finishes a refund that failed at Stripe, with the reason and requester decided then', async () => {
    const { creator, buyer, row } = await paidSetup();
    const { intentId, purchase } = await joinByCard(buyer, row.id);
    const refused = await withStripeDown(() => call('POST', `/api/payment/refund/${purchase.id}`, { as: creator }));
    // Stripe unreachable: come back later, and the refund stays owed.
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({
      error: 'Envolve is briefly unavailable. Please try again in a moment.',
      code: 'unavailable',
    });
    expect(await paymentOf(intentId)).toMatchObject({
      status: 'succeeded',
      refundReason: 'creator',
      refundRequestedBy: creator.id,
    });
    expect(refundsAtStripe(intentId)).toEqual([]);

    expect(await reconcilePayments({ now: later(4 * MINUTE) })).toEqual(nothing);
    expect(await reconcilePayments({ now: later(6 * MINUTE) })).toEqual({
      checked: 1,
      changed: 1,
      canceled: 0,
      failed: 0,
    });
    await expectRefundedInFull(intentId, 'creator', creator.id);
    expect(
      await db()
        .select({
          reason: paymentRefunds.reason,
          requestedBy: paymentRefunds.requestedBy,
          amountCents: paymentRefunds.amountCents,
        })
        .from(paymentRefunds),
    ).toEqual([{ reason: 'creator', requestedBy: creator.id, amountCents: 1999 }]);
    expect(await checkAccess(buyer, row.id)).toEqual({ hasAccess: false });
  });

  it('refunds a member of a removed envolvement whose dispute was won after the removal', async () => {
    const { creator, buyer, row } = await paidSetup();
    const { intentId } = await joinByCard(buyer, row.id);
    const dispute = stripe().dispute(intentId);
    await deliver(stripe().eventsFor(intentId));
    // Stripe holds the money while the dispute is open: nothing to refund yet.
    expect((await call('DELETE', `/api/post/${row.id}`, { as: creator })).body).toMatchObject({
      archived: true,
      refunded: 0,
    });
    stripe().closeDispute(dispute.id, 'won');
    await deliver(stripe().eventsFor(intentId));
    expect(await paymentOf(intentId)).toMatchObject({ status: 'succeeded', refundReason: null });

    expect(await reconcilePayments({ now: later(6 * MINUTE) })).toEqual({
      checked: 1,
      changed: 1,
      canceled: 0,
      failed: 0,
    });
    await expectRefundedInFull(intentId, 'removed', null);
    expect(await checkAccess(buyer, row.id)).toEqual({ hasAccess: false });
  });

  it('cancels an intent abandoned for more than a day, and leaves a younger one open', async () => {
    const { buyer, row } = await paidSetup();
    const intentId = await openCheckout(buyer, row.id);
    expect(await reconcilePayments({ now: later(23 * 60 * MINUTE) })).toEqual({
      checked: 1,
      changed: 0,
      canceled: 0,
      failed: 0,
    });
    expect(stripe().intents.get(intentId)).toMatchObject({ status: 'requires_payment_method' });

    expect(await reconcilePayments({ now: later(25 * 60 * MINUTE) })).toEqual({
      checked: 1,
      changed: 1,
      canceled: 1,
      failed: 0,
    });
    expect(stripe().intents.get(intentId)).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' });
    expect(await paymentOf(intentId)).toMatchObject({ status: 'canceled' });
    expect(await reconcilePayments({ now: later(26 * 60 * MINUTE) })).toEqual(nothing);
  });

  it('leaves the same result when two run at once, refunding nothing twice', async () => {
    const { row } = await paidSetup({ quantity: 5 });
    const [unheard, dashboard, removedMember, abandoner] = await Promise.all([
      createUser(),
      createUser(),
      createUser(),
      createUser(),
    ]);
    const silent = await openCheckout(unheard, row.id);
    stripe().succeed(silent);
    const refundedAtDashboard = await joinByCard(dashboard, row.id);
    stripe().refund(refundedAtDashboard.intentId);
    const abandoned = await openCheckout(abandoner, row.id);
    const removed = await paidSetup();
    const member = await joinByCard(removedMember, removed.row.id);
    await withStripeDown(() => call('DELETE', `/api/post/${removed.row.id}`, { as: removed.creator }));
    expect(await paymentOf(member.intentId)).toMatchObject({ status: 'succeeded', refundReason: 'removed' });

    const reports = await Promise.all([
      reconcilePayments({ now: later(25 * 60 * MINUTE) }),
      reconcilePayments({ now: later(25 * 60 * MINUTE) }),
    ]);
    expect(reports.map((r) => r.failed)).toEqual([0, 0]);

    const state = async (id: string) => {
      const p = await paymentOf(id);
      return { status: p.status, amountRefundedCents: p.amountRefundedCents, refundReason: p.refundReason };
    };
    expect({
      silent: await state(silent),
      dashboard: await state(refundedAtDashboard.intentId),
      abandoned: await state(abandoned),
      removed: await state(member.intentId),
    }).toEqual({
      silent: { status: 'succeeded', amountRefundedCents: 0, refundReason: null },
      dashboard: { status: 'refunded', amountRefundedCents: 1999, refundReason: null },
      abandoned: { status: 'canceled', amountRefundedCents: 0, refundReason: null },
      removed: { status: 'refunded', amountRefundedCents: 1999, refundReason: 'removed' },
    });
    expect(
      await db().select({ userId: purchases.userId }).from(purchases).where(eq(purchases.paymentIntentId, silent)),
    ).toEqual([{ userId: unheard.id }]);
    expect(refundsAtStripe(member.intentId)).toEqual([{ amount: 1999, reason: 'removed' }]);
    expect(refundsAtStripe(silent)).toEqual([]);
    expect(refundsAtStripe(refundedAtDashboard.intentId)).toHaveLength(1);
    expect(
      await db()
        .select({ paymentId: paymentRefunds.paymentId, requestedBy: paymentRefunds.requestedBy })
        .from(paymentRefunds),
    ).toEqual([{ paymentId: member.intentId, requestedBy: removed.creator.id }]);
    expect(stripe().intents.get(abandoned)).toMatchObject({ status: 'canceled' });
  });
});

describe('startJobs', () => {
  it('schedules reconciliation every ten minutes, works a job sent to its queue, and stops cleanly', async () => {
    const { buyer, row } = await paidSetup();
    const intentId = await openCheckout(buyer, row.id);
    stripe().succeed(intentId);
    // Old enough for reconciliation at the real clock, which the job uses.
    await db()
      .update(payments)
      .set({ updatedAt: sql`now() - interval '10 minutes'` })
      .where(eq(payments.id, intentId));

    const lines: string[] = [];
    const restoreLogs = redirectLogs({ write: (line) => void lines.push(line) });
    const jobs = await startJobs(database.handle());
    try {
      const schedules = await jobs.boss.getSchedules();
      expect(schedules.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
        expect.objectContaining({ name: BUILD_DATA_EXPORTS, cron: '* * * * *' }),
        expect.objectContaining({ name: DELIVER_EMAILS, cron: '* * * * *' }),
        expect.objectContaining({ name: FOLLOW_DIGESTS, cron: '* * * * *' }),
        expect.objectContaining({ name: RECONCILE_PAYMENTS, cron: '*/10 * * * *' }),
      ]);
      const jobId = await jobs.boss.send(RECONCILE_PAYMENTS, {});
      expect(jobId).toEqual(expect.any(String));
      await vi.waitFor(
        async () =>
          expect(await jobs.boss.getJobById(RECONCILE_PAYMENTS, jobId!)).toMatchObject({ state: 'completed' }),
        { timeout: 15_000, interval: 200 },
      );
      expect(await checkAccess(buyer, row.id)).toEqual({ hasAccess: true });
      // At a ten-minute mark the schedule sends a job of its own, which finds the payment
      // already done or does it first: either way exactly one run changed it.
      const reports = lines.map((line) => JSON.parse(line)).filter((line) => line.msg === 'reconciled');
      const changed = reports.filter((line) => line.report.changed > 0);
      expect(changed).toEqual([
        expect.objectContaining({
          level: 'info',
          scope: 'payments',
          msg: 'reconciled',
          report: { checked: 1, changed: 1, canceled: 0, failed: 0 },
        }),
      ]);
      for (const other of reports.filter((line) => line.report.changed === 0)) expect(other.report).toEqual(nothing);
      expect(reports.length - changed.length).toBeLessThanOrEqual(1);
    } finally {
      await jobs.stop();
      restoreLogs();
    }
    // Stopped: a job sent now waits in the queue.
    const waiting = await jobs.boss.send(RECONCILE_PAYMENTS, {});
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(await jobs.boss.getJobById(RECONCILE_PAYMENTS, waiting!)).toMatchObject({ state: 'created' });
  });
});
