import 'server-only';
import type PgBoss from 'pg-boss';
import { buildPendingExports, deleteExpiredExports, hasPendingExport } from '@/lib/account/exports';
import { logInfo } from '@/lib/log';
import { startPolledJob, withinBudget } from './queues';

export const BUILD_DATA_EXPORTS = 'data-export';
// A run starts no new export after 30 s; one export is a handful of reads of one account,
// done well inside the job's 90 s, after which a dead worker's job frees the queue.
const RUN_SECONDS = 30;
const EXPIRE_SECONDS = 90;
// Someone asked on the account page and waits for the mail: a pending export is looked for
// this often between the scheduled runs, with one cheap read.
const POLL_SECONDS = 5;

/**
 * "Download my data" on pg-boss: each run deletes the expired exports and builds the ones
 * asked for (lib/account/exports.ts), every minute and within POLL_SECONDS of a request.
 * Gives the function that stops polling.
 */
export function startDataExports(boss: PgBoss, stopping: AbortSignal): Promise<() => void> {
  return startPolledJob(boss, {
    name: BUILD_DATA_EXPORTS,
    retryLimit: 2,
    expireInSeconds: EXPIRE_SECONDS,
    pollSeconds: POLL_SECONDS,
    isDue: hasPendingExport,
    pollLog: 'account.export.poll',
    run: async () => {
      const deleted = await deleteExpiredExports();
      const report = await buildPendingExports({ signal: withinBudget(stopping, RUN_SECONDS) });
      if (deleted || report.built || report.failed) logInfo('account.export', 'exports', { deleted, ...report });
    },
  });
}
