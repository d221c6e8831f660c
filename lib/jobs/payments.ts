import 'server-only';
import type PgBoss from 'pg-boss';
import { logInfo } from '@/lib/log';
import { reconcilePayments } from '@/lib/payments/reconcile';
import { ensureQueue, withinBudget } from './queues';

export const RECONCILE_PAYMENTS = 'payments-reconcile';
const EVERY_TEN_MINUTES = '*/10 * * * *';
// A run starts no payment after 30 s, and a job is expired after 60 s: a dead worker's job
// frees the queue within a minute and a bit (lib/jobs/queues.ts).
const RUN_SECONDS = 30;
const EXPIRE_SECONDS = 60;

/**
 * A run of reconciliation. `catchUp`: the one right after a start, which asks at once about
 * what the time the server was down may have left open; the scheduled ones leave a payment
 * five minutes for its webhook. `since`: the start of the sweep a run continues.
 */
type Run = { catchUp?: boolean; since?: string };

/**
 * Reconciliation on pg-boss. 'singleton': one run at a time across instances, so the
 * catch-up and the schedule never ask Stripe about the same payment at once; runs are short,
 * so the few that wait never pile up.
 */
export async function startReconciliation(boss: PgBoss, stopping: AbortSignal): Promise<void> {
  await ensureQueue(boss, {
    name: RECONCILE_PAYMENTS,
    policy: 'singleton',
    retryLimit: 2,
    retryBackoff: true,
    expireInSeconds: EXPIRE_SECONDS,
  });
  await boss.schedule(RECONCILE_PAYMENTS, EVERY_TEN_MINUTES);
  // A sweep checks every payment due once. A run that ran out of time leaves the rest to a
  // follow-up at once, which skips what was checked since the sweep began (by the database's
  // clock: the job's start). A run that checked nothing successfully (Stripe down) leaves the
  // rest to the schedule instead of asking again and again.
  await boss.work<Run>(RECONCILE_PAYMENTS, { includeMetadata: true }, async ([job]) => {
    const catchUp = job?.data?.catchUp === true;
    const since = job?.data?.since ? new Date(job.data.since) : (job?.startedOn ?? new Date());
    const signal = withinBudget(stopping, RUN_SECONDS);
    const report = await reconcilePayments({
      uncheckedSince: since,
      signal,
      ...(catchUp ? { graceMs: 0, openOnly: true } : {}),
    });
    if (report.checked) logInfo('payments', 'reconciled', { report, ...(catchUp ? { run: 'catch-up' } : {}) });
    if (signal.aborted && !stopping.aborted && report.checked > report.failed) {
      await boss.send(RECONCILE_PAYMENTS, { catchUp, since: since.toISOString() } satisfies Run);
    }
  });
  // Instances that start together ask once: one catch-up per minute, whichever asks first.
  await boss.send(RECONCILE_PAYMENTS, { catchUp: true } satisfies Run, { singletonSeconds: 60 });
}
