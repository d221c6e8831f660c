import 'server-only';
import type PgBoss from 'pg-boss';
import { deliverFollowDigests, hasDueDigest, queueFollowDigests } from '@/lib/follows/digest';
import { logInfo } from '@/lib/log';
import { startPolledJob, withinBudget } from './queues';

export const FOLLOW_DIGESTS = 'follow-digests';
// As the mail worker's (./mail.ts): no new message after 10 s, expired after 40 s.
const RUN_SECONDS = 10;
const EXPIRE_SECONDS = 40;

/**
 * The daily e-mail of new envolvements from followed creators (lib/follows/digest.ts): every
 * minute, a run makes the digests that have come due (one statement; each person's are 23
 * hours apart at least and one a UTC day) and sends those waiting, retries included. Gives
 * the function that stops polling.
 */
export function startFollowDigests(boss: PgBoss, stopping: AbortSignal): Promise<() => void> {
  return startPolledJob(boss, {
    name: FOLLOW_DIGESTS,
    retryLimit: 3,
    expireInSeconds: EXPIRE_SECONDS,
    // Nobody waits on a page for a digest: the minute's schedule is soon enough.
    pollSeconds: 0,
    isDue: hasDueDigest,
    pollLog: 'mail.digest.poll',
    run: async () => {
      const made = await queueFollowDigests();
      const report = await deliverFollowDigests({ signal: withinBudget(stopping, RUN_SECONDS) });
      if (made || report.sent || report.failed || report.retried)
        logInfo('mail', 'delivered', { report, made, outbox: 'digests' });
    },
  });
}
