import 'server-only';
import type PgBoss from 'pg-boss';
import type { DatabaseHandle } from '@/lib/db/client';
import { startFollowDigests } from './digests';
import { startDataExports } from './exports';
import { startMailer } from './mail';
import { startReconciliation } from './payments';
import { startBoss } from './queues';

// Background work runs on pg-boss, a job queue kept in the same PostgreSQL: jobs survive
// restarts, and a schedule fires once per slot however many instances run.
export { BUILD_DATA_EXPORTS } from './exports';
export { FOLLOW_DIGESTS } from './digests';
export { DELIVER_EMAILS } from './mail';
export { RECONCILE_PAYMENTS } from './payments';

export type Jobs = {
  boss: PgBoss;
  /**
   * Takes no new job, lets the running ones finish what they are doing (each stops before
   * its next message or payment), and after `timeoutMs` (10 s unless told) fails those still
   * running, which releases them to another instance.
   */
  stop: (options?: { timeoutMs?: number }) => Promise<void>;
};

export async function startJobs(handle: DatabaseHandle): Promise<Jobs> {
  const boss = await startBoss(handle);
  const stopping = new AbortController();
  await startReconciliation(boss, stopping.signal);
  const stopPolling = await startMailer(boss, stopping.signal);
  const stopExportPolling = await startDataExports(boss, stopping.signal);
  const stopDigestPolling = await startFollowDigests(boss, stopping.signal);
  return {
    boss,
    stop: async ({ timeoutMs = 10_000 } = {}) => {
      stopPolling();
      stopExportPolling();
      stopDigestPolling();
      stopping.abort();
      await boss.stop({ graceful: true, timeout: timeoutMs });
    },
  };
}
