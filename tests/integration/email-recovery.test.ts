import { asc, eq, sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '@/lib/db/client';
import { DELIVER_EMAILS, startJobs, type Jobs } from '@/lib/jobs';
import { redirectLogs } from '@/lib/log';
import { deliverDueEmails, type DeliveryReport } from '@/lib/notifications/deliver';
import { emailOutbox, notifications, users } from '@/models';
import { createEnvolvement, createPurchase, createUser } from '../factories';
import { useTestDatabase } from '../helpers/db';
import { call } from '../helpers/http';
import { useTestSmtp } from '../helpers/smtp';

// E-mail keeps flowing when things go wrong: a stalled SMTP server, a worker that stops or
// dies mid-run. Through it all every message arrives exactly once.

const database = useTestDatabase();

const SECOND = 1000;
const nothing: DeliveryReport = { sent: 0, skipped: 0, retried: 0, failed: 0 };

const smtp = useTestSmtp();
let restoreLogs: () => void = () => undefined;
const started: Jobs[] = [];

beforeEach(() => {
  vi.stubEnv('NEXTAUTH_URL', 'http://envolve.example');
  vi.stubEnv('MAIL_POLL_SECONDS', '1');
  // The refused and timed-out sends are logged: kept out of the output.
  restoreLogs = redirectLogs({ write: () => undefined });
});

afterEach(async () => {
  // A test that failed half-way may leave a message held: answer it so nothing hangs.
  smtp.refuseHeld(451);
  await Promise.all(started.splice(0).map((jobs) => jobs.stop({ timeoutMs: 1000 })));
  restoreLogs();
});

/** A creator posts an update to `count` members: one outbox row per member. */
async function updateToMembers(count: number) {
  const creator = await createUser();
  const row = await createEnvolvement(creator.id);
  for (let i = 0; i < count; i += 1) await createPurchase(row.id, (await createUser()).id);
  const posted = await call('POST', `/api/post/add-comment/${row.id}`, {
    as: creator,
    json: { title: 'News', description: 'Details' },
  });
  expect(posted.status).toBe(201);
}

/** Every outbox row with its recipient's address, oldest first. */
async function outbox() {
  return db()
    .select({
      email: users.email,
      status: emailOutbox.status,
      attempts: emailOutbox.attempts,
      lockedUntil: emailOutbox.lockedUntil,
      lastError: emailOutbox.lastError,
    })
    .from(emailOutbox)
    .innerJoin(notifications, eq(notifications.id, emailOutbox.notificationId))
    .innerJoin(users, eq(users.id, notifications.recipientId))
    .orderBy(asc(emailOutbox.createdAt));
}

/** Makes every retry due now, as the clock would after the wait. */
async function makeDue() {
  await db()
    .update(emailOutbox)
    .set({ nextAttemptAt: sql`now()` });
}

/** Who received a message, in order. */
const recipients = () => smtp.received.map((mail) => mail.envelope.to.join());

async function launch(): Promise<Jobs> {
  const jobs = await startJobs(database.handle());
  started.push(jobs);
  return jobs;
}

describe('a stalled SMTP server', () => {
  it('fails the message it holds within the default timeouts, and the next message goes out', async () => {
    await updateToMembers(2);
    smtp.holdData(true);
    const began = Date.now();
    const run = deliverDueEmails();
    await smtp.whenHeld();
    // The server answers again, but not for the message it holds.
    smtp.holdData(false);
    expect(await run).toEqual({ ...nothing, sent: 1, retried: 1 });
    // nodemailer's own default waits ten minutes for a silent server.
    expect(Date.now() - began).toBeLessThan(30 * SECOND);
    const [held, next] = await outbox();
    expect(recipients()).toEqual([next!.email]);
    expect(held).toMatchObject({ status: 'pending', attempts: 1, lockedUntil: null, lastError: 'Timeout' });

    await makeDue();
    expect(await deliverDueEmails()).toEqual({ ...nothing, sent: 1 });
    expect(recipients()).toEqual([next!.email, held!.email]);
  }, 60_000);

  it('a run told to stop finishes the message in flight and gives the rest back at once', async () => {
    await updateToMembers(3);
    const stop = new AbortController();
    smtp.holdData(true);
    const run = deliverDueEmails({ signal: stop.signal });
    await smtp.whenHeld();
    stop.abort();
    smtp.holdData(false);
    smtp.refuseHeld(451);
    expect(await run).toEqual({ ...nothing, retried: 1 });
    const [tried, ...rest] = await outbox();
    expect(tried).toMatchObject({ status: 'pending', attempts: 1 });
    // Not tried: as they were, due now, for any worker.
    expect(rest.map(({ status, attempts, lockedUntil }) => ({ status, attempts, lockedUntil }))).toEqual([
      { status: 'pending', attempts: 0, lockedUntil: null },
      { status: 'pending', attempts: 0, lockedUntil: null },
    ]);
    expect(await deliverDueEmails()).toEqual({ ...nothing, sent: 2 });
    await makeDue();
    expect(await deliverDueEmails()).toEqual({ ...nothing, sent: 1 });
    expect(recipients().sort()).toEqual((await outbox()).map((row) => row.email).sort());
  });
});

describe('the mail job', () => {
  it('a job left active by a worker that died is done again within its expiry, and e-mail flows again', async () => {
    // The queue as this release makes it, then a job taken by an instance that is gone.
    await (await launch()).stop();
    started.length = 0;
    const gone = new PgBoss({
      db: { executeSql: (text, values) => database.handle().executeSql(text, values) },
      // Neither schedules nor maintenance: it only takes the one job below.
      schedule: false,
      supervise: false,
    });
    await gone.start();
    // Every job of the queue goes, an active one too: 'stately' hands out none while one
    // is active, and the instance stopped above may have left its own run active.
    await database.handle().executeSql(`DELETE FROM pgboss.job WHERE name = $1`, [DELIVER_EMAILS]);
    const deadId = await gone.send(DELIVER_EMAILS, {});
    expect(await gone.fetch(DELIVER_EMAILS)).toEqual([expect.objectContaining({ id: deadId })]);
    await gone.stop({ graceful: false });
    // It died 35 s ago: its 40 s are nearly up.
    await database
      .handle()
      .executeSql(`UPDATE pgboss.job SET started_on = now() - interval '35 seconds' WHERE id = $1`, [deadId]);

    const jobs = await launch();
    await updateToMembers(1);
    const [row] = await outbox();
    // One run at a time: nothing goes out while the dead job holds the queue, then it does.
    await vi.waitFor(() => expect(recipients()).toEqual([row!.email]), { timeout: 30 * SECOND, interval: 200 });
    await vi.waitFor(
      async () => expect(await jobs.boss.getJobById(DELIVER_EMAILS, deadId!)).toMatchObject({ state: 'completed' }),
      { timeout: 10 * SECOND, interval: 200 },
    );
    expect(await outbox()).toMatchObject([{ status: 'sent', attempts: 1 }]);
  }, 60_000);

  it('stopping lets the job finish the message in flight; the rest goes out once from another instance', async () => {
    await updateToMembers(3);
    smtp.holdData(true);
    const first = await launch();
    await smtp.whenHeld();
    const stopping = first.stop();
    await new Promise((resolve) => setTimeout(resolve, 300));
    smtp.holdData(false);
    smtp.refuseHeld(451);
    await stopping;
    expect((await outbox()).map((row) => [row.status, row.attempts]).sort()).toEqual([
      ['pending', 0],
      ['pending', 0],
      ['pending', 1],
    ]);
    expect(smtp.received).toEqual([]);

    await makeDue();
    await launch();
    await vi.waitFor(() => expect(smtp.received).toHaveLength(3), { timeout: 15 * SECOND, interval: 200 });
    expect(recipients().sort()).toEqual((await outbox()).map((row) => row.email).sort());
  }, 60_000);

  it('a job still busy when its worker must stop is given back to the queue', async () => {
    // This server's silence outlasts the stop.
    vi.stubEnv('SMTP_URL', `${smtp.url}?socketTimeout=60000`);
    await updateToMembers(1);
    smtp.holdData(true);
    const jobs = await launch();
    await smtp.whenHeld();
    const active = await database
      .handle()
      .executeSql(`SELECT id FROM pgboss.job WHERE name = $1 AND state = 'active'`, [DELIVER_EMAILS]);
    expect(active.rows).toHaveLength(1);
    const jobId = String(active.rows[0]!.id);
    const began = Date.now();
    await jobs.stop({ timeoutMs: 1000 });
    expect(Date.now() - began).toBeLessThan(3 * SECOND);
    expect(await jobs.boss.getJobById(DELIVER_EMAILS, jobId)).toMatchObject({ state: 'retry' });
  });
});
