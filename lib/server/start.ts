import 'server-only';
import type PgBoss from 'pg-boss';
import { getAuthSecret } from '@/lib/auth/secret';
import type { Jobs } from '@/lib/jobs';
import { logInfo, logWarn } from '@/lib/log';
import { refuseLocalStripeInProduction } from '@/lib/stripe/test-mode';
import { getDatabaseHandle, type DatabaseHandle } from '@/lib/db/client';
import { migrateDatabase } from '@/lib/db/migrate';
import { isDatabaseEmpty, seedDemoData } from '@/lib/demo/seed';
import { closeOnSignals } from './shutdown';
import { answerOutagesWithUnavailablePage } from './unavailable-pages';

/**
 * Runs once when the server starts, before it takes requests: checks the configuration,
 * applies migrations, on a new embedded database adds the demo data. Then it starts the
 * background jobs without waiting for them (`jobsStarting` settles once they have started or
 * failed to), stops them and the database in order when the process is told to stop
 * (./shutdown.ts), and has a page that fails on a database out of reach answer 503 rather
 * than 500 (./unavailable-pages.ts).
 */
export async function startServer(): Promise<{ jobsStarting: Promise<Jobs> }> {
  getAuthSecret(); // fails fast in production without NEXTAUTH_SECRET
  refuseLocalStripeInProduction();
  if (process.env.NODE_ENV === 'production' && !process.env.SMTP_URL)
    logWarn(
      'mail',
      'SMTP_URL is not set: no e-mail leaves this server, so no one can confirm an address or reset a password',
    );
  const handle = getDatabaseHandle();
  await migrateDatabase(handle);
  const seedWanted =
    handle.kind === 'pglite' ? process.env.SEED_DEMO_DATA !== 'false' : process.env.SEED_DEMO_DATA === 'true';
  if (seedWanted && (await isDatabaseEmpty(handle.db))) {
    await seedDemoData(handle.db);
    logInfo('db', 'new database: demo data added (see README for the demo accounts)');
  }
  const { jobs, starting } = startJobsInBackground(handle);
  closeOnSignals(jobs, handle);
  answerOutagesWithUnavailablePage();
  return { jobsStarting: starting };
}

/**
 * No page needs the job queue: it starts beside the first requests instead of before them.
 * Its code (e-mail rendering, Stripe's SDK) is loaded only then too, so that `npm run dev`
 * neither compiles nor loads it before the first page: with both, a newcomer's first page
 * waited seconds longer. The shutdown holds the queue from the first moment all the same:
 * stopping waits for a start under way.
 */
function startJobsInBackground(handle: DatabaseHandle): { jobs: Jobs; starting: Promise<Jobs> } {
  let started: Jobs | undefined;
  const starting = import('@/lib/jobs').then(({ startJobs }) => startJobs(handle)).then((jobs) => (started = jobs));
  const jobs: Jobs = {
    get boss(): PgBoss {
      if (!started) throw new Error('The job queue has not started yet');
      return started.boss;
    },
    stop: async (options) => {
      const running = await starting.catch(() => undefined);
      await running?.stop(options);
    },
  };
  return { jobs, starting };
}
