import 'server-only';
import PgBoss from 'pg-boss';
import pg from 'pg';
import type { DatabaseHandle } from '@/lib/db/client';
import { logError } from '@/lib/log';

// pg-boss 10 has no heartbeat: a job whose worker died stays active until it expires, and
// expiring is part of pg-boss's maintenance. Its default of every two minutes, on top of a
// job's expiry, kept a dead worker's job in the way for minutes; every ten seconds it costs
// a few cheap statements, and only one instance runs it at a time.
const MAINTENANCE_SECONDS = 10;

// Several instances starting on a fresh database race to create the same queue (its
// partition table): the losers see a deadlock or a duplicate and find the queue made. A queue
// made by an earlier release takes the options of this one (its expiry, above all).
export async function ensureQueue(boss: PgBoss, options: PgBoss.Queue): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    if (await boss.getQueue(options.name)) {
      await boss.updateQueue(options.name, options);
      return;
    }
    try {
      await boss.createQueue(options.name, options);
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
async function startOnce(handle: DatabaseHandle): Promise<PgBoss> {
  for (let attempt = 1; ; attempt += 1) {
    const boss = new PgBoss({
      db: { executeSql: (text, values) => handle.executeSql(text, values) },
      schema: 'pgboss',
      maintenanceIntervalSeconds: MAINTENANCE_SECONDS,
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
 * Starts pg-boss while holding a session advisory lock, on a connection of its own outside
 * the pool (the job queue's statements use the pool, which may be small): instances starting
 * together take turns. PGlite lives in one process and needs no turn.
 */
export async function startBoss(handle: DatabaseHandle): Promise<PgBoss> {
  if (!handle.pool) return startOnce(handle);
  const client = new pg.Client({ connectionString: handle.pool.options.connectionString });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1::bigint)', [JOBS_START_LOCK_KEY]);
    return await startOnce(handle);
  } finally {
    // Ending the session frees the lock.
    await client.end();
  }
}

/**
 * A run's signal: aborted when the server starts stopping, or after `seconds`, so that a run
 * ends well inside its job's expiry (pg-boss fails a job that outlives it, and a run that
 * went on past it would overlap the next).
 */
export function withinBudget(stopping: AbortSignal, seconds: number): AbortSignal {
  return AbortSignal.any([stopping, AbortSignal.timeout(seconds * 1000)]);
}

const EVERY_MINUTE = '* * * * *';

type PolledJob = {
  name: string;
  retryLimit: number;
  /** When a run whose worker died is given up, so that the queue moves on. */
  expireInSeconds: number;
  /** How often `isDue` is asked between the scheduled runs; 0 asks never. */
  pollSeconds: number;
  /** One cheap read: whether a run would find something to do. */
  isDue: () => Promise<boolean>;
  run: () => Promise<void>;
  /** Where a failed look is logged. */
  pollLog: string;
};

/**
 * A job that works through what is due: every minute on the schedule, and within
 * `pollSeconds` of `isDue` finding something, for someone who waits on a page. 'stately'
 * keeps one run at a time and one waiting, across instances, however often they ask. Gives
 * the function that stops polling.
 */
export async function startPolledJob(boss: PgBoss, job: PolledJob): Promise<() => void> {
  const { name, retryLimit, expireInSeconds } = job;
  await ensureQueue(boss, { name, policy: 'stately', retryLimit, retryBackoff: true, expireInSeconds });
  await boss.schedule(name, EVERY_MINUTE);
  await boss.work(name, () => job.run());
  if (!(job.pollSeconds > 0)) return () => undefined;
  const timer = setInterval(() => {
    void job
      .isDue()
      .then((due) => (due ? boss.send(name, {}) : null))
      .catch((error) => logError(job.pollLog, error));
  }, job.pollSeconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
