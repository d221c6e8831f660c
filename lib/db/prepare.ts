import 'server-only';
import { getAuthSecret } from '@/lib/auth/secret';
import { startJobs } from '@/lib/jobs';
import { logInfo } from '@/lib/log';
import { getDatabaseHandle } from './client';
import { migrateDatabase } from './migrate';
import { isDatabaseEmpty, seedDemoData } from './seed';
import { closeOnSignals } from './shutdown';

/**
 * Runs once when the server starts: checks the configuration, applies migrations, on a
 * new embedded database adds the demo data, starts the background jobs, and stops them and
 * the database in order when the process is told to stop (./shutdown.ts).
 */
export async function prepareDatabase(): Promise<void> {
  getAuthSecret(); // fails fast in production without NEXTAUTH_SECRET
  const handle = getDatabaseHandle();
  await migrateDatabase(handle);
  const seedWanted =
    handle.kind === 'pglite' ? process.env.SEED_DEMO_DATA !== 'false' : process.env.SEED_DEMO_DATA === 'true';
  if (seedWanted && (await isDatabaseEmpty(handle.db))) {
    await seedDemoData(handle.db);
    logInfo('db', 'new database: demo data added (see README for the demo accounts)');
  }
  closeOnSignals(await startJobs(handle), handle);
}
