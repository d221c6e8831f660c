import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq, gt } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '@/lib/db/client';
import { DEMO_USERS, demoPayoutAccountId } from '@/lib/demo/data';
import { startServer } from '@/lib/server/start';
import { seedDemoData } from '@/lib/demo/seed';
import { getStripe } from '@/lib/stripe/client';
import { LOCAL_STRIPE_KEYS } from '@/lib/stripe/test-mode';
import { earningsEntries, envolvements, payoutAccounts, purchases } from '@/models';
import { startStripeStandIn, type StripeStandIn } from '@/scripts/stripe-stand-in';
import { createUser, type TestUser } from '../factories';
import { useTestDatabase } from '../helpers/db';
import { call } from '../helpers/http';
import { openCheckout, paymentOf, postWebhook } from '../helpers/payments';

// `npm run dev` without Stripe keys, end to end but for the browser: the stand-in it runs
// (scripts/stripe-stand-in.ts) delivers its signed events to the app's webhook route, the
// seed gives the demo creators accounts it knows, and what it holds outlives a restart.

useTestDatabase();

const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'envolve-stand-in-'));
const stateFile = path.join(stateDir, 'stripe-stand-in.json');
let receiver: http.Server;
let webhookUrl = '';
let standIn: StripeStandIn;

/** Where the stand-in delivers: each event goes to the app's webhook route as Stripe posts it. */
function startReceiver(): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    let payload = '';
    req.on('data', (chunk) => (payload += chunk));
    req.on('end', () => {
      void postWebhook(payload, String(req.headers['stripe-signature'])).then(({ status }) =>
        res.writeHead(status).end(),
      );
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** Points the app at the stand-in running now, with its keys, as scripts/dev.mjs does. */
function useStandIn() {
  for (const [name, value] of Object.entries(standIn.env)) vi.stubEnv(name, value);
}

beforeAll(async () => {
  receiver = await startReceiver();
  webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/payment/webhook`;
  standIn = await startStripeStandIn({ webhookUrl, stateFile });
});
beforeEach(useStandIn);
// Vitest puts stubbed variables back only before the next test, which may be another file's.
afterEach(() => vi.unstubAllEnvs());
afterAll(async () => {
  await standIn.close();
  await new Promise((resolve) => receiver.close(resolve));
  fs.rmSync(stateDir, { recursive: true, force: true });
});

const demoUser = (id: string): TestUser => {
  const user = DEMO_USERS.find((u) => `local|demo-${u.key}` === id)!;
  return { id, name: user.name, nickname: user.nickname, email: user.email, picture: null };
};

const confirm = (buyer: TestUser, paymentIntentId: string) =>
  call('POST', '/api/payment/confirm-test-card', {
    as: buyer,
    json: { paymentIntentId, number: '4242 4242 4242 4242', expiry: '12 / 99', cvc: '123' },
  });

/** A new buyer pays for the envolvement with the test card; gives the intent, once its events are handled. */
async function payByTestCard(envolvementId: string) {
  const buyer = await createUser();
  const id = await openCheckout(buyer, envolvementId);
  expect((await confirm(buyer, id)).status).toBe(200);
  await standIn.waitForDeliveries();
  return id;
}

async function refundByCreator(paymentIntentId: string, creatorId: string) {
  const [purchase] = await db().select().from(purchases).where(eq(purchases.paymentIntentId, paymentIntentId));
  const { status } = await call('POST', `/api/payment/refund/${purchase!.id}`, { as: demoUser(creatorId) });
  await standIn.waitForDeliveries();
  return status;
}

describe('the demo data with the stand-in', () => {
  it('gives every demo user a connected account that the stand-in holds onboarded', async () => {
    await seedDemoData(db());
    const accounts = await db().select().from(payoutAccounts);
    expect(accounts.map((a) => a.stripeAccountId).sort()).toEqual(
      DEMO_USERS.map((u) => demoPayoutAccountId(u.key)).sort(),
    );
    expect(accounts.every((a) => a.chargesEnabled && a.payoutsEnabled && a.detailsSubmitted)).toBe(true);
    for (const { stripeAccountId } of accounts) {
      expect(await getStripe().accounts.retrieve(stripeAccountId)).toMatchObject({
        charges_enabled: true,
        capabilities: { card_payments: 'active', transfers: 'active' },
      });
    }
  });

  it('gives nobody a connected account with real keys', async () => {
    vi.stubEnv('STRIPE_SECRET_KEY', 'sk_test_real');
    await seedDemoData(db());
    expect(await db().select().from(payoutAccounts)).toEqual([]);
  });

  it('lets every demo paid offer be paid with the test card, refunded by its creator, and counted in Earnings', async () => {
    await seedDemoData(db());
    const offers = await db().select().from(envolvements).where(gt(envolvements.priceCents, 0));
    expect(offers).toHaveLength(11);
    for (const offer of offers) {
      const id = await payByTestCard(offer.id);
      expect(await paymentOf(id), offer.title).toMatchObject({ status: 'succeeded', amountCents: offer.priceCents });
      expect(await refundByCreator(id, offer.creatorId), offer.title).toBe(200);
      expect((await paymentOf(id)).status, offer.title).toBe('refunded');
      const entries = await db().select().from(earningsEntries).where(eq(earningsEntries.paymentId, id));
      expect(entries.map((e) => [e.kind, e.creatorId, e.grossCents]).sort(), offer.title).toEqual([
        ['refund', offer.creatorId, -offer.priceCents],
        ['sale', offer.creatorId, offer.priceCents],
      ]);
    }
  });
});

describe('a restarted stand-in', () => {
  it('still holds the payments of the last session, so they can be refunded', async () => {
    await seedDemoData(db());
    const [offer] = await db().select().from(envolvements).where(gt(envolvements.priceCents, 0)).limit(1);
    const id = await payByTestCard(offer!.id);

    await standIn.close();
    standIn = await startStripeStandIn({ webhookUrl, stateFile });
    useStandIn();

    expect((await getStripe().paymentIntents.retrieve(id)).status).toBe('succeeded');
    expect(await refundByCreator(id, offer!.creatorId)).toBe(200);
    expect((await paymentOf(id)).status).toBe('refunded');
  });
});

describe('a production server with the stand-in’s keys', () => {
  it('refuses to start, saying why', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    vi.stubEnv('NEXTAUTH_SECRET', 'a-production-secret-for-this-test');
    await expect(startServer()).rejects.toThrow(
      'STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET are the local test keys of `npm run dev`',
    );
  });

  it('refuses even when only one of them is the stand-in’s', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    vi.stubEnv('NEXTAUTH_SECRET', 'a-production-secret-for-this-test');
    vi.stubEnv('STRIPE_SECRET_KEY', 'sk_live_real');
    vi.stubEnv('STRIPE_PUBLISHABLE_KEY', 'pk_live_real');
    await expect(startServer()).rejects.toThrow(`STRIPE_WEBHOOK_SECRET is the local test key of \`npm run dev\``);
    expect(LOCAL_STRIPE_KEYS.STRIPE_WEBHOOK_SECRET).toBe(process.env.STRIPE_WEBHOOK_SECRET);
  });
});
