import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeStripe } from '../helpers/fake-stripe';
import { startFakeStripeWithSdk, stripeRefusal } from '../helpers/stripe-sdk';

// Connect in the fake: Express accounts and their onboarding, and destination charges with
// an application fee, held to Stripe's behaviour through the real SDK.

let fake: FakeStripe;
let stripe: Stripe;

beforeAll(async () => ({ fake, stripe } = await startFakeStripeWithSdk()));
afterAll(() => fake.close());

const anyTime = expect.any(Number);

const newAccount = () =>
  stripe.accounts.create({
    type: 'express',
    email: 'creator@example.com',
    capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
    metadata: { userId: 'u1' },
  });

const accountEvents = (id: string) => fake.events.filter((e) => e.account === id);

const back = {
  return_url: 'http://localhost:3000/account/payouts?onboarding=return',
  refresh_url: 'http://localhost:3000/account/payouts?onboarding=refresh',
};

/** A destination intent to a ready account, paid. */
async function paidDestinationIntent(amount: number, fee: number) {
  const account = fake.addAccount({ ready: true });
  const intent = await stripe.paymentIntents.create({
    amount,
    currency: 'usd',
    transfer_data: { destination: account.id },
    application_fee_amount: fee,
  });
  fake.succeed(intent.id);
  const charge = fake.charges.get(fake.intents.get(intent.id)!.latest_charge!)!;
  return { account, intent, charge };
}

describe('connected accounts', () => {
  it('creates an Express account that cannot take charges until onboarded, and retrieves it', async () => {
    const account = await newAccount();
    const expected = {
      id: expect.stringMatching(/^acct_fake/),
      object: 'account',
      created: anyTime,
      type: 'express',
      country: 'US',
      email: 'creator@example.com',
      business_type: null,
      default_currency: 'usd',
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
      capabilities: { card_payments: 'inactive', transfers: 'inactive' },
      requirements: {
        currently_due: expect.arrayContaining(['business_type', 'external_account', 'individual.first_name']),
        eventually_due: expect.arrayContaining(['tos_acceptance.date']),
        past_due: expect.arrayContaining(['external_account']),
        pending_verification: [],
        disabled_reason: 'requirements.past_due',
        current_deadline: null,
        errors: [],
      },
      metadata: { userId: 'u1' },
    };
    expect({ ...account }).toEqual(expected);
    expect({ ...(await stripe.accounts.retrieve(account.id)) }).toEqual({ ...account });
    // Stripe sends account.updated for changes, not for a new account.
    expect(accountEvents(account.id)).toEqual([]);
    expect(await stripeRefusal(stripe.accounts.retrieve('acct_unknown'))).toMatchObject({
      code: 'resource_missing',
      statusCode: 404,
    });
  });

  it('gives an account link to the onboarding page, which completes onboarding and sends the holder back', async () => {
    const account = await newAccount();
    const link = await stripe.accountLinks.create({ account: account.id, type: 'account_onboarding', ...back });
    expect({ ...link }).toEqual({
      object: 'account_link',
      created: anyTime,
      expires_at: link.created + 300,
      url: `${fake.url}/connect/onboarding/${account.id}?return_url=${encodeURIComponent(back.return_url)}&refresh_url=${encodeURIComponent(back.refresh_url)}`,
    });

    const page = await fetch(link.url);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('<title>Stripe onboarding (test)</title>');
    expect(html).toContain(account.id);
    expect(html).toContain(`<form method="post" action="${link.url.replaceAll('&', '&#38;')}">`);
    expect(html).toContain('Complete onboarding</button>');
    expect(html).toContain(`<a href="${back.refresh_url.replaceAll('&', '&#38;')}">Return without finishing</a>`);

    const submitted = await fetch(link.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });
    expect([submitted.status, submitted.headers.get('location')]).toEqual([303, back.return_url]);
    expect(await stripe.accounts.retrieve(account.id)).toMatchObject({
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
      capabilities: { card_payments: 'active', transfers: 'active' },
      requirements: { currently_due: [], eventually_due: [], past_due: [], disabled_reason: null },
    });
    const [updated, ...more] = accountEvents(account.id);
    expect(more).toEqual([]);
    expect(updated).toMatchObject({
      type: 'account.updated',
      account: account.id,
      data: { object: { id: account.id, charges_enabled: true } },
    });
  });

  it('refuses an account link for an unknown account or without a required param', async () => {
    expect(
      await stripeRefusal(stripe.accountLinks.create({ account: 'acct_unknown', type: 'account_onboarding', ...back })),
    ).toEqual({
      type: 'StripeInvalidRequestError',
      code: 'resource_missing',
      message: "No such account: 'acct_unknown'",
      param: 'account',
      statusCode: 404,
    });
    const account = await newAccount();
    const noReturn = { account: account.id, type: 'account_onboarding', refresh_url: back.refresh_url } as const;
    expect(await stripeRefusal(stripe.accountLinks.create(noReturn))).toEqual({
      type: 'StripeInvalidRequestError',
      code: 'parameter_missing',
      message: 'Missing required param: return_url.',
      param: 'return_url',
      statusCode: 400,
    });
  });

  it('changes an account through the test control with one account.updated per change', async () => {
    const account = fake.addAccount({ ready: true });
    expect(accountEvents(account.id)).toEqual([]);
    const control = (body: unknown) =>
      fetch(`${fake.url}/test/accounts/${account.id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then((res) => res.json());

    const paused = await control({ payouts_enabled: false, currently_due: ['external_account'] });
    expect(paused).toMatchObject({
      charges_enabled: true,
      payouts_enabled: false,
      requirements: { currently_due: ['external_account'], past_due: [], disabled_reason: null },
    });
    const disabled = await control({ charges_enabled: false, disabled_reason: 'requirements.past_due' });
    expect(disabled).toMatchObject({
      capabilities: { card_payments: 'inactive', transfers: 'inactive' },
      requirements: { past_due: ['external_account'], disabled_reason: 'requirements.past_due' },
    });
    await control({ charges_enabled: false });
    expect(accountEvents(account.id).map((e) => [e.type, (e.data.object as Stripe.Account).charges_enabled])).toEqual([
      ['account.updated', true],
      ['account.updated', false],
    ]);
  });

  it('refuses a login link before onboarding and gives one to the Express dashboard after', async () => {
    const account = await newAccount();
    expect(await stripeRefusal(stripe.accounts.createLoginLink(account.id))).toEqual({
      type: 'StripeInvalidRequestError',
      code: undefined,
      message: 'Cannot create a login link for an account that has not completed onboarding.',
      param: undefined,
      statusCode: 400,
    });
    fake.completeOnboarding(account.id);
    const link = await stripe.accounts.createLoginLink(account.id);
    expect({ ...link }).toEqual({
      object: 'login_link',
      created: anyTime,
      url: `${fake.url}/connect/dashboard/${account.id}`,
    });
    const html = await (await fetch(link.url)).text();
    expect(html).toContain('Stripe Express dashboard (test)');
    expect(html).toContain(account.id);
  });
});

describe('destination charges', () => {
  it('refuses an unknown destination, one that cannot take charges, a fee without one, and a fee above the amount', async () => {
    const create = (params: Partial<Stripe.PaymentIntentCreateParams>) =>
      stripeRefusal(stripe.paymentIntents.create({ amount: 1000, currency: 'usd', ...params }));
    expect(await create({ transfer_data: { destination: 'acct_unknown' } })).toEqual({
      type: 'StripeInvalidRequestError',
      code: 'resource_missing',
      message: "No such destination: 'acct_unknown'",
      param: 'transfer_data[destination]',
      statusCode: 400,
    });
    const notReady = await newAccount();
    expect(await create({ transfer_data: { destination: notReady.id } })).toMatchObject({
      code: 'insufficient_capabilities_for_transfer',
      message: expect.stringContaining('capabilities enabled: transfers'),
      param: 'transfer_data[destination]',
      statusCode: 400,
    });
    expect(await create({ application_fee_amount: 100 })).toMatchObject({
      param: 'application_fee_amount',
      statusCode: 400,
    });
    const ready = fake.addAccount({ ready: true });
    expect(await create({ transfer_data: { destination: ready.id }, application_fee_amount: 1001 })).toMatchObject({
      param: 'application_fee_amount',
      statusCode: 400,
    });
    expect(
      await stripe.paymentIntents.create({
        amount: 1000,
        currency: 'usd',
        transfer_data: { destination: ready.id },
        application_fee_amount: 1000,
      }),
    ).toMatchObject({ transfer_data: { destination: ready.id }, application_fee_amount: 1000 });
  });

  it('moves the whole amount to the connected account on success and takes the fee back as an application fee', async () => {
    const { account, intent, charge } = await paidDestinationIntent(1999, 200);
    const transfer = await stripe.transfers.retrieve(charge.transfer!);
    expect({ ...transfer, reversals: { ...transfer.reversals } }).toEqual({
      id: expect.stringMatching(/^tr_fake/),
      object: 'transfer',
      created: anyTime,
      livemode: false,
      metadata: {},
      amount: 1999,
      amount_reversed: 0,
      currency: 'usd',
      destination: account.id,
      source_transaction: charge.id,
      reversals: {
        object: 'list',
        data: [],
        has_more: false,
        total_count: 0,
        url: `/v1/transfers/${transfer.id}/reversals`,
      },
      reversed: false,
    });
    const fee = await stripe.applicationFees.retrieve(charge.application_fee!);
    expect(fee).toMatchObject({
      id: expect.stringMatching(/^fee_fake/),
      object: 'application_fee',
      amount: 200,
      amount_refunded: 0,
      refunded: false,
      account: account.id,
      charge: charge.id,
      currency: 'usd',
    });
    const expanded = await stripe.charges.retrieve(charge.id, { expand: ['transfer', 'application_fee'] });
    expect(expanded).toMatchObject({
      transfer: { id: transfer.id, amount: 1999 },
      application_fee: { id: fee.id, amount: 200 },
      application_fee_amount: 200,
      transfer_data: { amount: null, destination: account.id },
      destination: account.id,
    });
    expect(await stripe.paymentIntents.retrieve(intent.id)).toMatchObject({
      transfer_data: { destination: account.id },
      application_fee_amount: 200,
    });
    expect(fake.eventsFor(intent.id).map((e) => e.type)).toEqual(['charge.succeeded', 'payment_intent.succeeded']);
    expect(moneyEventsOf(charge).map((e) => e.type)).toEqual(['transfer.created', 'application_fee.created']);
  });

  it('gives an intent added already paid its transfer and fee too', () => {
    const account = fake.addAccount({ ready: true });
    const intent = fake.addIntent({
      amount: 500,
      status: 'succeeded',
      metadata: {},
      transfer_data: { destination: account.id },
      application_fee_amount: 50,
    });
    const charge = fake.charges.get(intent.latest_charge!)!;
    expect(fake.transfers.get(charge.transfer!)).toMatchObject({ amount: 500, destination: account.id });
    expect(fake.applicationFees.get(charge.application_fee!)).toMatchObject({ amount: 50, account: account.id });
  });
});

// The events of a destination charge's transfer and application fee (Connect's, not the payment's).
const moneyEventsOf = (charge: { transfer?: string | null; application_fee?: string | null }) =>
  fake.events.filter(({ data: { object } }) => object.id === charge.transfer || object.id === charge.application_fee);

describe('refunds of destination charges', () => {
  it('takes back the whole transfer and fee on a full refund with both flags', async () => {
    const { intent, charge } = await paidDestinationIntent(1999, 200);
    const refund = await stripe.refunds.create({
      payment_intent: intent.id,
      reverse_transfer: true,
      refund_application_fee: true,
    });
    expect(refund).toMatchObject({ amount: 1999, transfer_reversal: expect.stringMatching(/^trr_fake/) });
    expect(await stripe.transfers.retrieve(charge.transfer!)).toMatchObject({
      amount_reversed: 1999,
      reversed: true,
      reversals: { data: [{ id: refund.transfer_reversal, amount: 1999, source_refund: refund.id }], total_count: 1 },
    });
    expect(await stripe.applicationFees.retrieve(charge.application_fee!)).toMatchObject({
      amount_refunded: 200,
      refunded: true,
      refunds: { data: [{ object: 'fee_refund', amount: 200, fee: charge.application_fee }], total_count: 1 },
    });
    expect(
      fake
        .eventsFor(intent.id)
        .map((e) => e.type)
        .slice(2),
    ).toEqual(['charge.refunded', 'refund.created']);
    expect(moneyEventsOf(charge).map((e) => e.type)).toEqual([
      'transfer.created',
      'application_fee.created',
      'transfer.reversed',
      'application_fee.refunded',
    ]);
  });

  it('takes back a share in proportion on a partial refund, and what is left on the last', async () => {
    const { intent, charge } = await paidDestinationIntent(1999, 100);
    const part = await stripe.refunds.create(
      { payment_intent: intent.id, amount: 1000, reverse_transfer: true, refund_application_fee: true },
      { idempotencyKey: `part-${intent.id}` },
    );
    // round(1999 × 1000 / 1999) = 1000 and round(100 × 1000 / 1999) = 50.
    expect(fake.transferReversals.get(part.transfer_reversal as string)).toMatchObject({ amount: 1000 });
    expect(fake.transfers.get(charge.transfer!)).toMatchObject({ amount_reversed: 1000, reversed: false });
    expect(fake.applicationFees.get(charge.application_fee!)).toMatchObject({ amount_refunded: 50, refunded: false });

    const rest = await stripe.refunds.create({
      payment_intent: intent.id,
      reverse_transfer: true,
      refund_application_fee: true,
      expand: ['transfer_reversal'],
    });
    expect(rest.transfer_reversal).toMatchObject({ object: 'transfer_reversal', amount: 999, source_refund: rest.id });
    expect(fake.transfers.get(charge.transfer!)).toMatchObject({ amount_reversed: 1999, reversed: true });
    expect(fake.applicationFees.get(charge.application_fee!)).toMatchObject({ amount_refunded: 100, refunded: true });
  });

  it('leaves the transfer and fee alone without the flags, or when the refund fails', async () => {
    const { intent, charge } = await paidDestinationIntent(1000, 100);
    expect(await stripe.refunds.create({ payment_intent: intent.id, amount: 100 })).toMatchObject({
      transfer_reversal: null,
    });
    fake.failNextRefund();
    const failed = await stripe.refunds.create({
      payment_intent: intent.id,
      amount: 100,
      reverse_transfer: true,
      refund_application_fee: true,
    });
    expect(failed).toMatchObject({ status: 'failed', transfer_reversal: null });
    expect(fake.transfers.get(charge.transfer!)).toMatchObject({ amount_reversed: 0, reversed: false });
    expect(fake.applicationFees.get(charge.application_fee!)).toMatchObject({ amount_refunded: 0 });
  });

  it('refuses reverse_transfer on a charge without a transfer, and ignores refund_application_fee there', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 800, currency: 'usd' });
    fake.succeed(intent.id);
    expect(
      await stripeRefusal(stripe.refunds.create({ payment_intent: intent.id, reverse_transfer: true })),
    ).toMatchObject({
      type: 'StripeInvalidRequestError',
      message: 'This charge has no transfer to reverse.',
      param: 'reverse_transfer',
      statusCode: 400,
    });
    const refund = await stripe.refunds.create({ payment_intent: intent.id, refund_application_fee: true });
    expect(refund).toMatchObject({ amount: 800, status: 'succeeded' });
    expect(refund).not.toHaveProperty('transfer_reversal');
  });
});
