import 'server-only';
import type PgBoss from 'pg-boss';
import { logInfo } from '@/lib/log';
import { deliverDueEmails, hasDueEmail } from '@/lib/notifications/deliver';
import { deliverMemberMail, hasDueMemberMail } from '@/lib/notifications/member-mail';
import { deliverAccountMail, hasDueAccountMail } from '@/lib/users/account-mail';
import { hasAddressesToLookUp, lookUpAddresses } from '@/lib/users/address-lookups';
import { startPolledJob, withinBudget } from './queues';

export const DELIVER_EMAILS = 'emails-deliver';
// A run starts no new message after 10 s; the one in flight ends within the SMTP timeouts
// (lib/mail/transport.ts: 20 s of silence at most), well inside the job's 40 s. A job whose
// worker died is expired after those 40 s and the queue moves on: within a minute, with
// pg-boss's maintenance (lib/jobs/queues.ts).
const RUN_SECONDS = 10;
const EXPIRE_SECONDS = 40;

/**
 * E-mail goes out through the outbox (lib/notifications/deliver.ts), run as a pg-boss job:
 * every minute on the schedule, and within MAIL_POLL_SECONDS (5) of a notification, when a
 * cheap look at the outbox finds something due. Gives the function that stops polling.
 */
export function startMailer(boss: PgBoss, stopping: AbortSignal): Promise<() => void> {
  return startPolledJob(boss, {
    name: DELIVER_EMAILS,
    retryLimit: 3,
    expireInSeconds: EXPIRE_SECONDS,
    pollSeconds: Number(process.env.MAIL_POLL_SECONDS ?? 5),
    isDue: async () =>
      (await Promise.all([hasAddressesToLookUp(), hasDueAccountMail(), hasDueMemberMail(), hasDueEmail()])).some(
        Boolean,
      ),
    pollLog: 'mail.poll',
    run: async () => {
      const signal = withinBudget(stopping, RUN_SECONDS);
      // An account's messages first: someone is waiting on the page for their link. The
      // requests that name an address (sign-ups, resets) are looked up before, into messages.
      await lookUpAddresses({ signal });
      const account = await deliverAccountMail({ signal });
      // Then a member's welcome and receipts, which they look for right after joining or paying.
      const member = await deliverMemberMail({ signal });
      const report = await deliverDueEmails({ signal });
      if (account.sent || account.failed || account.retried)
        logInfo('mail', 'delivered', { report: account, outbox: 'account' });
      if (member.sent || member.failed || member.retried)
        logInfo('mail', 'delivered', { report: member, outbox: 'member' });
      if (report.sent || report.failed || report.retried) logInfo('mail', 'delivered', { report });
    },
  });
}
