import 'server-only';
import PgBoss from 'pg-boss';
import pg from 'pg';
import type { DatabaseHandle } from '@/lib/db/client';
import { logError, logInfo } from '@/lib/log';
import { deliverDueEmails, hasDueEmail } from '@/lib/notifications/deliver';
import { reconcilePayments } from '@/lib/payments/reconcile';

// Background work runs on pg-boss, a job queue kept in the same PostgreSQL: jobs survive
// restarts, and a schedule fires once per slot however many instances run.
export const RECONCILE_PAYMENTS = 'payments-reconcile';
const EVERY_TEN_MINUTES = '*/10 * * * *';
export const DELIVER_EMAILS = 'emails-deliver';
const EVERY_MINUTE = '* * * * *';

export type Jobs = { boss: PgBoss; stop: () => Promise<void> };

// Several instances starting on a fresh database race to create the same queue (its
// partition table): the losers see a deadlock or a duplicate and find the queue made.
async function ensureQueue(boss: PgBoss, name: string, options: PgBoss.Queue): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    if (await boss.getQueue(name)) return;
    try {
      await boss.createQueue(name, options);
      return;
    } catch (error) {
      if (attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
    }
  }
}

// The same race one step earlier: instances starting together on a fresh database each
// create pg-boss's schema, and all but one fail on the catalog's unique key. They take turns
// (below), and a start that fails all the same is tried again with a new instance, since a
// failed start leaves its instance unusable.
async function startBoss(handle: DatabaseHandle): Promise<PgBoss> {
  for (let attempt = 1; ; attempt += 1) {
    const boss = new PgBoss({
      db: { executeSql: (text, values) => handle.executeSql(text, values) },
      schema: 'pgboss',
    });
    boss.on('error', (error) => logError('jobs', error));
    try {
      await boss.start();
      return boss;
    } catch (error) {
      await boss.stop({ graceful: false, wait: false }).catch(() => undefined);
      if (attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt + Math.random() * 200));
    }
  }
}

// Any fixed number, the same in every instance, next to the migrations' own.
const JOBS_START_LOCK_KEY = '7416320590218836';

/**
 * Runs `work` while holding a session advisory lock, on a connection of its own outside the
 * pool (the job queue's statements use the pool, which may be small): instances starting
 * together take turns. PGlite lives in one process and needs no turn.
 */
async function oneInstanceAtATime<T>(handle: DatabaseHandle, work: () => Promise<T>): Promise<T> {
  if (!handle.pool) return work();
  const client = new pg.Client({ connectionString: handle.pool.options.connectionString });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1::bigint)', [JOBS_START_LOCK_KEY]);
    return await work();
  } finally {
    // Ending the session frees the lock.
    await client.end();
  }
}

export async function startJobs(handle: DatabaseHandle): Promise<Jobs> {
  const boss = await oneInstanceAtATime(handle, () => startBoss(handle));
  // 'stately': one run waiting and one running at most, so a slow run never piles up others.
  await ensureQueue(boss, RECONCILE_PAYMENTS, {
    name: RECONCILE_PAYMENTS,
    policy: 'stately',
    retryLimit: 2,
    retryBackoff: true,
  });
  await boss.schedule(RECONCILE_PAYMENTS, EVERY_TEN_MINUTES);
  await boss.work(RECONCILE_PAYMENTS, async () => {
    const report = await reconcilePayments();
    if (report.checked) logInfo('payments', 'reconciled', { report });
  });
  const stopMail = await startMailer(boss);
  return {
    boss,
    stop: async () => {
      stopMail();
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}

/**
 * E-mail goes out through the outbox (lib/notifications/deliver.ts), run as a pg-boss job:
 * every minute on the schedule, and within MAIL_POLL_SECONDS (5) of a notification, when a
 * cheap look at the outbox finds something due. 'stately' keeps one run at a time and one
 * waiting, across instances, however often they ask.
 */
async function startMailer(boss: PgBoss): Promise<() => void> {
  await ensureQueue(boss, DELIVER_EMAILS, {
    name: DELIVER_EMAILS,
    policy: 'stately',
    retryLimit: 3,
    retryBackoff: true,
  });
  await boss.schedule(DELIVER_EMAILS, EVERY_MINUTE);
  await boss.work(DELIVER_EMAILS, async () => {
    const report = await deliverDueEmails();
    if (report.sent || report.failed || report.retried) logInfo('mail', 'delivered', { report });
  });
  const seconds = Number(process.env.MAIL_POLL_SECONDS ?? 5);
  if (!(seconds > 0)) return () => undefined;
  const timer = setInterval(() => {
    void hasDueEmail()
      .then((due) => (due ? boss.send(DELIVER_EMAILS, {}) : null))
      .catch((error) => logError('mail.poll', error));
  }, seconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
