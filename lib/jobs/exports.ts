import 'server-only';
import type PgBoss from 'pg-boss';
import { buildPendingExports, deleteExpiredExports, hasPendingExport } from '@/lib/account/exports';
import { logError, logInfo } from '@/lib/log';
import { ensureQueue, withinBudget } from './queues';

export const BUILD_DATA_EXPORTS = 'data-export';
const EVERY_MINUTE = '* * * * *';
// A run starts no new export after 30 s; one export is a handful of reads of one account,
// done well inside the job's 90 s, after which a dead worker's job frees the queue.
const RUN_SECONDS = 30;
const EXPIRE_SECONDS = 90;
// Someone asked on the account page and waits for the mail: a pending export is looked for
// this often between the scheduled runs, with one cheap read.
const POLL_SECONDS = 5;

/**
 * "Download my data" on pg-boss: each run deletes the expired exports and builds the ones
 * asked for (lib/account/exports.ts). It runs every minute, and within POLL_SECONDS of a
 * request. 'stately' keeps one run at a time and one waiting, across instances. Gives the
 * function that stops polling.
 */
export async function startDataExports(boss: PgBoss, stopping: AbortSignal): Promise<() => void> {
  await ensureQueue(boss, {
    name: BUILD_DATA_EXPORTS,
    policy: 'stately',
    retryLimit: 2,
    retryBackoff: true,
    expireInSeconds: EXPIRE_SECONDS,
  });
  await boss.schedule(BUILD_DATA_EXPORTS, EVERY_MINUTE);
  await boss.work(BUILD_DATA_EXPORTS, async () => {
    const deleted = await deleteExpiredExports();
    const report = await buildPendingExports({ signal: withinBudget(stopping, RUN_SECONDS) });
    if (deleted || report.built || report.failed) logInfo('account.export', 'exports', { deleted, ...report });
  });
  const timer = setInterval(() => {
    void hasPendingExport()
      .then((pending) => (pending ? boss.send(BUILD_DATA_EXPORTS, {}) : null))
      .catch((error) => logError('account.export.poll', error));
  }, POLL_SECONDS * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
