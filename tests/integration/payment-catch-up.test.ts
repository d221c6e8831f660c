import { spawn } from 'node:child_process';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RECONCILE_PAYMENTS, startJobs, type Jobs } from '@/lib/jobs';
import { redirectLogs } from '@/lib/log';
import { reconcilePayments } from '@/lib/payments/reconcile';
import { createUser } from '../factories';
import { useTestDatabase } from '../helpers/db';
import { call } from '../helpers/http';
import { joinByCard, openCheckout, paidSetup, paymentOf, useFakeStripe, withStripeDown } from '../helpers/payments';

// After a restart, reconciliation catches up at once: the webhooks of the time the server
// was down may never come, and waiting five minutes, then for the next ten-minute mark, left
// buyers who had paid without their membership for a quarter of an hour.

const database = useTestDatabase();
const stripe = useFakeStripe();

const MINUTE = 60_000;
const later = (ms: number) => new Date(Date.now() + ms);
const nothing = { checked: 0, changed: 0, canceled: 0, failed: 0 };

let lines: string[] = [];
let restoreLogs: () => void = () => undefined;
const started: Jobs[] = [];

beforeEach(async () => {
  lines = [];
  restoreLogs = redirectLogs({ write: (line) => void lines.push(line) });
  // Tests share the database: forget the runs an earlier test asked for, the catch-up of
  // this minute above all.
  const queue = await database.handle().executeSql(`SELECT to_regclass('pgboss.job') AS name`);
  if (queue.rows[0]?.name) {
    await database.handle().executeSql('DELETE FROM pgboss.job WHERE name = $1', [RECONCILE_PAYMENTS]);
  }
});

afterEach(async () => {
  await Promise.all(started.splice(0).map((jobs) => jobs.stop({ timeoutMs: 1000 })));
  restoreLogs();
});

/** A buyer paid at Stripe a moment ago, and the webhook never came. */
async function paidWithoutWebhook() {
  const { buyer, row } = await paidSetup();
  const intentId = await openCheckout(buyer, row.id);
  stripe().succeed(intentId);
  return intentId;
}

describe('after a start', () => {
  // Instances share a PostgreSQL server; the embedded database has one, in one process.
  const instances = process.env.TEST_DATABASE_URL ? 2 : 1;

  it(`open payments are checked at once, and once when ${instances} instance(s) start together`, async () => {
    const intentId = await paidWithoutWebhook();
    // The scheduled run still leaves it five minutes for its webhook.
    expect(await reconcilePayments()).toEqual(nothing);

    const starting = Array.from({ length: instances }, () => startJobs(database.handle()));
    started.push(...(await Promise.all(starting)));
    await vi.waitFor(async () => expect(await paymentOf(intentId)).toMatchObject({ status: 'succeeded' }), {
      timeout: 15_000,
      interval: 200,
    });
    // The run logs its report once its sweep has returned, a moment after the payment changed.
    const reported = () => lines.map((line) => JSON.parse(line)).filter((line) => line.msg === 'reconciled');
    await vi.waitFor(() => expect(reported()).not.toEqual([]), { timeout: 5_000, interval: 50 });

    const asked = await database
      .handle()
      .executeSql(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND data->>'catchUp' = 'true'`, [
        RECONCILE_PAYMENTS,
      ]);
    expect(asked.rows[0]!.n).toBe(1);
    expect(reported()).toEqual([
      expect.objectContaining({ run: 'catch-up', report: { checked: 1, changed: 1, canceled: 0, failed: 0 } }),
    ]);
  });

  it('the catch-up asks about open intents and refunds owed, and leaves paid ones to the schedule', async () => {
    const unheard = await paidWithoutWebhook();
    const { creator, buyer, row } = await paidSetup();
    const owed = await joinByCard(stripe(), buyer, row.id);
    await withStripeDown(() => call('POST', `/api/payment/refund/${owed.purchase.id}`, { as: creator }));
    const watched = await joinByCard(stripe(), await createUser(), row.id);
    stripe().refund(watched.intentId);

    expect(await reconcilePayments({ graceMs: 0, openOnly: true })).toEqual({ ...nothing, checked: 2, changed: 2 });
    expect(await paymentOf(unheard)).toMatchObject({ status: 'succeeded' });
    expect(await paymentOf(owed.intentId)).toMatchObject({ status: 'refunded', refundReason: 'creator' });
    expect(await paymentOf(watched.intentId)).toMatchObject({ status: 'succeeded', reconciledAt: null });
  });

  it('a sweep cut short goes on where it stopped, checking each payment once', async () => {
    await paidWithoutWebhook();
    await paidWithoutWebhook();
    const since = new Date();
    const stop = new AbortController();
    stripe().beforeNext('GET', /^\/v1\/payment_intents\//, () => stop.abort());
    const at = later(6 * MINUTE);
    expect(await reconcilePayments({ now: at, uncheckedSince: since, signal: stop.signal })).toEqual({
      ...nothing,
      checked: 1,
      changed: 1,
    });
    expect(await reconcilePayments({ now: at, uncheckedSince: since })).toEqual({ ...nothing, checked: 1, changed: 1 });
    expect(await reconcilePayments({ now: at, uncheckedSince: since })).toEqual(nothing);
  });
});

const serverOnly = process.env.TEST_DATABASE_URL ? it : it.skip;
serverOnly(
  'npm run payments:reconcile fixes a payment at once (needs a PostgreSQL server: PGlite lives in this process)',
  async () => {
    const intentId = await paidWithoutWebhook();
    const child = spawn('npx', ['tsx', '--conditions=react-server', 'scripts/reconcile-payments.ts'], {
      env: { ...process.env, DATABASE_URL: database.handle().pool!.options.connectionString, NODE_ENV: 'test' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => (output += chunk));
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect({ code, output: output.trim() }).toEqual({
      code: 0,
      output: 'Checked 1 payment(s): 1 changed, 0 abandoned intent(s) canceled, 0 failed.',
    });
    expect(await paymentOf(intentId)).toMatchObject({ status: 'succeeded' });
  },
);
