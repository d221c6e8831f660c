import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { siteUrl } from '@/lib/site';
import { payoutAccounts } from '@/models';
import { useTestDatabase } from '../helpers/db';
import { call } from '../helpers/http';
import { deliver, handled, postWebhook, useFakeStripe } from '../helpers/payments';
import { createUser, type TestUser } from '../factories';

useTestDatabase();
const stripe = useFakeStripe();

const payouts = (as: TestUser | null) => call('GET', '/api/payouts', { as });
const onboarding = (as: TestUser | null) => call('POST', '/api/payouts/onboarding', { as });
const dashboard = (as: TestUser | null) => call('POST', '/api/payouts/dashboard', { as });

const SIGNED_OUT = { error: 'You must be signed in to do this.', code: 'unauthorized' };
const NOT_ONBOARDED = { error: 'Finish connecting your Stripe account first.', code: 'conflict' };

/** The accounts the app asked Stripe to create, with the parameters it sent. */
const accountCreates = () => stripe().requests.filter((r) => r.method === 'POST' && r.path === '/v1/accounts');

/** The `account.updated` events Stripe recorded for one connected account, oldest first. */
const accountEvents = (id: string) => stripe().events.filter((e) => e.type === 'account.updated' && e.account === id);

async function rowOf(user: TestUser) {
  const [row] = await db().select().from(payoutAccounts).where(eq(payoutAccounts.userId, user.id));
  return row;
}

/** The creator starts onboarding through the API; gives the connected account and the link. */
async function startOnboarding(creator: TestUser) {
  const res = await onboarding(creator);
  expect(res.status).toBe(200);
  const url = new URL(res.body.url as string);
  const account = url.pathname.split('/').at(-1)!;
  return { account, url };
}

/** The creator finishes Stripe's hosted onboarding form, which sends them back to the app. */
async function completeAtStripe(url: URL) {
  const res = await fetch(url, { method: 'POST', redirect: 'manual' });
  await res.arrayBuffer();
  return { status: res.status, location: res.headers.get('location') };
}

/** Delivers the account's events that arrived since `seen` of them were delivered; gives the answers. */
const deliverNew = (account: string, seen = 0) => deliver(stripe(), accountEvents(account).slice(seen));

const stateOf = async (as: TestUser) => {
  const { state, requirementsDue } = (await payouts(as)).body;
  return { kind: state.kind, label: state.label, requirementsDue };
};

describe('GET /api/payouts', () => {
  it('answers 401 signed out', async () => {
    expect(await payouts(null)).toMatchObject({ status: 401, body: SIGNED_OUT });
  });

  it('says a new creator is not connected, in the shape the Payouts page reads', async () => {
    const res = await payouts(await createUser());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      stripeConfigured: true,
      canSell: false,
      feePercent: 5,
      currency: 'usd',
      state: {
        kind: 'not_connected',
        label: 'Not connected',
        detail: 'Connect a Stripe account to sell paid envolvements and receive your earnings.',
      },
      chargesEnabled: false,
      payoutsEnabled: false,
      detailsSubmitted: false,
      requirementsDue: [],
    });
  });
});

describe('POST /api/payouts/onboarding', () => {
  it('answers 401 signed out, creating no account', async () => {
    const before = accountCreates().length;
    expect(await onboarding(null)).toMatchObject({ status: 401, body: SIGNED_OUT });
    expect(accountCreates()).toHaveLength(before);
  });

  it('answers 503 when the site does not take card payments, creating no account', async () => {
    const creator = await createUser();
    const before = accountCreates().length;
    const key = process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_SECRET_KEY;
    try {
      expect(await onboarding(creator)).toMatchObject({
        status: 503,
        body: { error: 'Payouts are not available: this site does not take card payments.', code: 'unavailable' },
      });
    } finally {
      process.env.STRIPE_SECRET_KEY = key;
    }
    expect(accountCreates()).toHaveLength(before);
    expect(await rowOf(creator)).toBeUndefined();
  });

  it('creates one Express account for the creator and sends them to Stripe, which returns them to the Payouts page', async () => {
    const creator = await createUser();
    const before = accountCreates().length;
    const { account, url } = await startOnboarding(creator);

    const created = accountCreates().slice(before);
    expect(created).toHaveLength(1);
    expect(created[0]!.params).toEqual({
      type: 'express',
      email: creator.email,
      capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
      metadata: { userId: creator.id },
    });
    expect(stripe().accounts.get(account)).toMatchObject({
      type: 'express',
      email: creator.email,
      metadata: { userId: creator.id },
      charges_enabled: false,
    });
    expect(await rowOf(creator)).toMatchObject({
      stripeAccountId: account,
      chargesEnabled: false,
      payoutsEnabled: false,
      detailsSubmitted: false,
      requirementsDue: expect.arrayContaining(['external_account']),
    });

    expect(`${url.origin}${url.pathname}`).toBe(`${stripe().url}/connect/onboarding/${account}`);
    expect(url.searchParams.get('return_url')).toBe(`${siteUrl()}/account/payouts?onboarding=return`);
    expect(url.searchParams.get('refresh_url')).toBe(`${siteUrl()}/account/payouts?onboarding=refresh`);
    expect(await stateOf(creator)).toMatchObject({ kind: 'needs_information', label: 'Stripe needs more information' });
  });

  it('reuses the creator’s account when asked again', async () => {
    const creator = await createUser();
    const before = accountCreates().length;
    const accountsBefore = stripe().accounts.size;
    const first = await startOnboarding(creator);
    const second = await startOnboarding(creator);

    expect(second.account).toBe(first.account);
    expect(accountCreates().slice(before)).toHaveLength(1);
    expect(stripe().accounts.size).toBe(accountsBefore + 1);
    expect(await db().select().from(payoutAccounts).where(eq(payoutAccounts.userId, creator.id))).toHaveLength(1);
  });

  it('creates one account when the creator clicks twice at the same moment', async () => {
    const creator = await createUser();
    const accountsBefore = stripe().accounts.size;
    const [first, second] = await Promise.all([onboarding(creator), onboarding(creator)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.body.url).toBe(second.body.url);
    expect(stripe().accounts.size).toBe(accountsBefore + 1);
    expect(await db().select().from(payoutAccounts).where(eq(payoutAccounts.userId, creator.id))).toHaveLength(1);
  });
});

describe('onboarding state, from account.updated delivered to the webhook', () => {
  it('is ready once the creator completes onboarding at Stripe and the event arrives', async () => {
    const creator = await createUser();
    const { account, url } = await startOnboarding(creator);

    expect(await completeAtStripe(url)).toEqual({
      status: 303,
      location: `${siteUrl()}/account/payouts?onboarding=return`,
    });
    // Until Stripe's event arrives, the page shows what was last known.
    expect((await stateOf(creator)).kind).toBe('needs_information');

    expect(await deliverNew(account)).toEqual([handled('account: ready')]);
    expect(await stateOf(creator)).toEqual({ kind: 'ready', label: 'Ready to take payments', requirementsDue: [] });
    expect((await payouts(creator)).body).toMatchObject({
      canSell: true,
      chargesEnabled: true,
      payoutsEnabled: true,
      detailsSubmitted: true,
    });
    expect(await rowOf(creator)).toMatchObject({ disabledReason: null, requirementsDue: [] });
  });

  it('follows Stripe as it pauses payouts, then asks for more information', async () => {
    const creator = await createUser();
    const { account, url } = await startOnboarding(creator);
    await completeAtStripe(url);
    await deliverNew(account);
    let seen = accountEvents(account).length;

    stripe().updateAccount(account, { payouts_enabled: false });
    expect(await deliverNew(account, seen)).toEqual([handled('account: payouts_paused')]);
    seen = accountEvents(account).length;
    expect(await stateOf(creator)).toEqual({ kind: 'payouts_paused', label: 'Payouts paused', requirementsDue: [] });
    expect((await payouts(creator)).body).toMatchObject({ canSell: true, chargesEnabled: true, payoutsEnabled: false });

    stripe().updateAccount(account, { charges_enabled: false, currently_due: ['external_account'] });
    expect(await deliverNew(account, seen)).toEqual([handled('account: needs_information')]);
    expect(await stateOf(creator)).toEqual({
      kind: 'needs_information',
      label: 'Stripe needs more information',
      requirementsDue: ['external_account'],
    });
    expect((await payouts(creator)).body).toMatchObject({ canSell: false, chargesEnabled: false });
    expect(await rowOf(creator)).toMatchObject({ disabledReason: 'requirements.past_due' });
  });

  it('keeps the latest state when the events arrive out of order, as it reads the account afresh', async () => {
    const creator = await createUser();
    const { account } = await startOnboarding(creator);
    // Stripe first asks for a bank account, then the creator finishes: the older event
    // describes an account that needs information, the newer one a ready account.
    stripe().updateAccount(account, { currently_due: ['external_account'] });
    stripe().completeOnboarding(account);
    const [older, newer] = accountEvents(account);
    expect(older!.data.object).toMatchObject({ charges_enabled: false });
    expect(newer!.data.object).toMatchObject({ charges_enabled: true });

    expect(await deliver(stripe(), [newer!, older!])).toEqual([handled('account: ready'), handled('account: ready')]);
    expect((await stateOf(creator)).kind).toBe('ready');
  });

  it('keeps a pause when an older event of the ready account arrives after it', async () => {
    const creator = await createUser();
    const { account } = await startOnboarding(creator);
    stripe().completeOnboarding(account);
    stripe().updateAccount(account, { payouts_enabled: false });

    expect(await deliver(stripe(), [...accountEvents(account)].reverse())).toEqual([
      handled('account: payouts_paused'),
      handled('account: payouts_paused'),
    ]);
    expect((await stateOf(creator)).kind).toBe('payouts_paused');
  });

  it('answers 200 for an account nobody here holds, storing nothing', async () => {
    const stranger = stripe().addAccount();
    stripe().completeOnboarding(stranger.id);

    expect(await deliverNew(stranger.id)).toEqual([handled('ignored: unknown account')]);
    expect(await db().select().from(payoutAccounts).where(eq(payoutAccounts.stripeAccountId, stranger.id))).toEqual([]);
  });

  it('does nothing for a duplicate delivery', async () => {
    const creator = await createUser();
    const { account } = await startOnboarding(creator);
    stripe().completeOnboarding(account);
    const [event] = accountEvents(account);
    expect(await deliver(stripe(), [event!])).toEqual([handled('account: ready')]);
    const stored = await rowOf(creator);

    // Stripe changes the account meanwhile; the same event again must not be applied.
    stripe().updateAccount(account, { payouts_enabled: false });
    expect(await deliver(stripe(), [event!])).toEqual([
      { status: 200, body: { received: true, duplicate: true, outcome: 'duplicate' } },
    ]);
    expect(await rowOf(creator)).toEqual(stored);
  });
});

describe('the Connect endpoint’s signing secret', () => {
  it('accepts account.updated signed with STRIPE_CONNECT_WEBHOOK_SECRET, and still refuses an unknown secret', async () => {
    const creator = await createUser();
    const { account } = await startOnboarding(creator);
    stripe().completeOnboarding(account);
    const payload = JSON.stringify(accountEvents(account)[0]);
    const before = process.env.STRIPE_CONNECT_WEBHOOK_SECRET;
    process.env.STRIPE_CONNECT_WEBHOOK_SECRET = 'whsec_test_connect';
    try {
      expect(await postWebhook(payload, stripe().sign(payload, { secret: 'whsec_test_other' }))).toEqual({
        status: 400,
        body: { error: 'Invalid Stripe signature', code: 'bad_request' },
      });
      expect(await postWebhook(payload, stripe().sign(payload, { secret: 'whsec_test_connect' }))).toEqual(
        handled('account: ready'),
      );
    } finally {
      if (before === undefined) delete process.env.STRIPE_CONNECT_WEBHOOK_SECRET;
      else process.env.STRIPE_CONNECT_WEBHOOK_SECRET = before;
    }
    expect((await stateOf(creator)).kind).toBe('ready');
  });
});

describe('POST /api/payouts/dashboard', () => {
  it('answers 401 signed out', async () => {
    expect(await dashboard(null)).toMatchObject({ status: 401, body: SIGNED_OUT });
  });

  it('answers 409 before the creator has connected or finished onboarding', async () => {
    const creator = await createUser();
    expect(await dashboard(creator)).toMatchObject({ status: 409, body: NOT_ONBOARDED });
    await startOnboarding(creator);
    expect(await dashboard(creator)).toMatchObject({ status: 409, body: NOT_ONBOARDED });
  });

  it('gives a login link to the Express dashboard once onboarding is done', async () => {
    const creator = await createUser();
    const { account, url } = await startOnboarding(creator);
    await completeAtStripe(url);
    await deliverNew(account);

    const res = await dashboard(creator);
    expect(res).toMatchObject({ status: 200, body: { url: `${stripe().url}/connect/dashboard/${account}` } });
    const page = await fetch(res.body.url as string);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(account);
  });
});
