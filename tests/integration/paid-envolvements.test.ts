import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { earningsEntries, envolvements, paymentRefunds, payments, payoutAccounts } from '@/models';
import { useTestDatabase } from '../helpers/db';
import { call } from '../helpers/http';
import { deliver, handled, joinByCard, openCheckout, paidSetup, paymentOf, useFakeStripe } from '../helpers/payments';
import { connectCreator } from '../helpers/payout-accounts';
import { buildEnvolvement, createEnvolvement, createUser, type TestUser } from '../factories';
import { creationBody, editBody } from '../factories/envolvement-input';

useTestDatabase();
const stripe = useFakeStripe();

const PAID_EARLY_ACCESS = { error: 'Paid envolvements are not available in early access.', code: 'conflict' };
const PAID_NEEDS_PAYOUTS = {
  error: 'Connect a Stripe account that can take payments before setting a price.',
  code: 'conflict',
};
const CREATOR_CANNOT_TAKE_PAYMENTS = {
  error: 'The creator of this envolvement cannot take card payments right now.',
  code: 'conflict',
};

const create = (as: TestUser, price: number) =>
  call('POST', '/api/post/new-base-envolvement', { as, json: creationBody({ price: { price, free: false } }) });

const edit = (as: TestUser, id: string, overrides: Record<string, unknown> = {}) =>
  call('PUT', `/api/post/${id}`, { as, json: editBody(overrides) });

const allEnvolvements = () => db().select().from(envolvements);

async function envolvementOf(id: string) {
  const [row] = await db().select().from(envolvements).where(eq(envolvements.id, id));
  return row!;
}

/** Stripe changes the creator's account and tells the app through the webhook. */
async function stripeChangesAccount(
  account: string,
  changes: Parameters<ReturnType<typeof stripe>['updateAccount']>[1],
) {
  const before = stripe().events.length;
  stripe().updateAccount(account, changes);
  return deliver(stripe(), stripe().events.slice(before));
}

/** Runs `work` with the site's Stripe keys removed: the site does not take cards. */
async function withoutStripe<T>(work: () => Promise<T>): Promise<T> {
  const key = process.env.STRIPE_SECRET_KEY;
  delete process.env.STRIPE_SECRET_KEY;
  try {
    return await work();
  } finally {
    process.env.STRIPE_SECRET_KEY = key;
  }
}

/** Runs `work` with PLATFORM_FEE_PERCENT set, putting back what was there. */
async function withFeePercent<T>(percent: string | undefined, work: () => Promise<T>): Promise<T> {
  const before = process.env.PLATFORM_FEE_PERCENT;
  if (percent === undefined) delete process.env.PLATFORM_FEE_PERCENT;
  else process.env.PLATFORM_FEE_PERCENT = percent;
  try {
    return await work();
  } finally {
    if (before === undefined) delete process.env.PLATFORM_FEE_PERCENT;
    else process.env.PLATFORM_FEE_PERCENT = before;
  }
}

const intentCreates = (buyer: TestUser) =>
  stripe().requests.filter(
    (r) => r.method === 'POST' && r.path === '/v1/payment_intents' && r.body['metadata[userId]'] === buyer.id,
  );

describe('setting a price when creating an envolvement', () => {
  it('is refused with the early-access message when the site does not take cards; a free one is still created', async () => {
    const creator = await createUser();
    await connectCreator(creator.id);
    await withoutStripe(async () => {
      expect(await create(creator, 12)).toMatchObject({ status: 409, body: PAID_EARLY_ACCESS });
      expect(await allEnvolvements()).toEqual([]);
      const free = await call('POST', '/api/post/new-base-envolvement', { as: creator, json: creationBody() });
      expect(free.status).toBe(200);
    });
    expect(await allEnvolvements()).toMatchObject([{ priceCents: 0 }]);
  });

  it('is refused until the creator’s Stripe account can take charges, then allowed', async () => {
    const creator = await createUser();
    expect(await create(creator, 12)).toMatchObject({ status: 409, body: PAID_NEEDS_PAYOUTS });

    const account = await connectCreator(creator.id, { ready: false });
    expect(await create(creator, 12)).toMatchObject({ status: 409, body: PAID_NEEDS_PAYOUTS });
    expect(await allEnvolvements()).toEqual([]);

    const before = stripe().events.length;
    stripe().completeOnboarding(account);
    expect(await deliver(stripe(), stripe().events.slice(before))).toEqual([handled('account: ready')]);

    const res = await create(creator, 12);
    expect(res.status).toBe(200);
    expect(await envolvementOf(res.body.postedID)).toMatchObject({
      creatorId: creator.id,
      priceCents: 1200,
      currency: 'usd',
    });
  });

  it('takes prices from $0.50 to $10,000.00 in whole cents, and stores nothing it refuses', async () => {
    const creator = await createUser();
    await connectCreator(creator.id);
    const refused = async (price: number) => {
      const res = await create(creator, price);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('Please fix the errors before submitting');
      return res.body.fields;
    };
    expect(await refused(0.49)).toEqual({ 'price.price': 'A paid price must be at least $0.50' });
    expect(await refused(10000.01)).toEqual({ 'price.price': 'Price cannot be more than $10,000.00' });
    expect(await refused(1.005)).toEqual({ 'price.price': 'Price can have at most two decimals' });
    expect(await allEnvolvements()).toEqual([]);

    for (const [price, cents] of [
      [0.5, 50],
      [10000, 1_000_000],
    ] as const) {
      const res = await create(creator, price);
      expect(res.status).toBe(200);
      expect(await envolvementOf(res.body.postedID)).toMatchObject({ priceCents: cents, currency: 'usd' });
    }
  });
});

describe('changing a price: PUT /api/post/{id}', () => {
  it('is refused once Stripe disables the creator’s charges, while an edit keeping the price goes through', async () => {
    const creator = await createUser();
    const account = await connectCreator(creator.id);
    const row = await createEnvolvement(creator.id, { priceCents: 1200 });
    expect(
      await stripeChangesAccount(account, { charges_enabled: false, currently_due: ['external_account'] }),
    ).toEqual([handled('account: needs_information')]);

    expect(await edit(creator, row.id, { price: { price: 15, free: false } })).toMatchObject({
      status: 409,
      body: PAID_NEEDS_PAYOUTS,
    });
    expect(await envolvementOf(row.id)).toEqual(row);

    const kept = await edit(creator, row.id, { title: 'Kept price', price: { price: 12, free: false } });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ title: 'Kept price', price: { price: 12, free: false } });
    expect(await envolvementOf(row.id)).toMatchObject({ title: 'Kept price', priceCents: 1200, currency: 'usd' });

    // Making it free needs no account either.
    expect((await edit(creator, row.id, { price: { price: null, free: true } })).status).toBe(200);
    expect(await envolvementOf(row.id)).toMatchObject({ priceCents: 0 });
  });

  it('is allowed while only payouts are paused: the account still takes charges', async () => {
    const creator = await createUser();
    const account = await connectCreator(creator.id);
    const row = await createEnvolvement(creator.id, { priceCents: 1200 });
    expect(await stripeChangesAccount(account, { payouts_enabled: false })).toEqual([
      handled('account: payouts_paused'),
    ]);
    expect((await edit(creator, row.id, { price: { price: 15, free: false } })).status).toBe(200);
    expect(await envolvementOf(row.id)).toMatchObject({ priceCents: 1500 });
  });

  it('refuses a price outside $0.50 to $10,000.00 or with more than two decimals, changing nothing', async () => {
    const creator = await createUser();
    await connectCreator(creator.id);
    const row = await createEnvolvement(creator.id, { priceCents: 1200 });
    for (const [price, message] of [
      [0.49, 'A paid price must be at least $0.50'],
      [10000.01, 'Price cannot be more than $10,000.00'],
      [1.005, 'Price can have at most two decimals'],
    ] as const) {
      const res = await edit(creator, row.id, { price: { price, free: false } });
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual({ 'price.price': message });
    }
    expect(await envolvementOf(row.id)).toEqual(row);
    expect((await edit(creator, row.id, { price: { price: 10000, free: false } })).status).toBe(200);
    expect(await envolvementOf(row.id)).toMatchObject({ priceCents: 1_000_000 });
  });
});

describe('checkout: a destination charge to the creator', () => {
  it('sends the money to the creator’s account less the platform’s fee, with a receipt to the buyer', async () => {
    const { creator, buyer, row } = await paidSetup({ priceCents: 1200 });
    const [account] = await db().select().from(payoutAccounts).where(eq(payoutAccounts.userId, creator.id));
    const intentId = await openCheckout(buyer, row.id);

    expect(stripe().intents.get(intentId)).toMatchObject({
      amount: 1200,
      currency: 'usd',
      transfer_data: { destination: account!.stripeAccountId },
      application_fee_amount: 60,
      receipt_email: buyer.email,
    });
    expect(await paymentOf(intentId)).toMatchObject({
      amountCents: 1200,
      destinationAccountId: account!.stripeAccountId,
      applicationFeeCents: 60,
      paidAt: null,
    });

    // Once paid, Stripe moves it all to the creator and takes the fee back.
    stripe().succeed(intentId);
    await deliver(stripe(), stripe().eventsFor(intentId));
    const charge = stripe().charges.get(stripe().intents.get(intentId)!.latest_charge!)!;
    expect(stripe().transfers.get(charge.transfer!)).toMatchObject({
      amount: 1200,
      destination: account!.stripeAccountId,
    });
    expect(stripe().applicationFees.get(charge.application_fee!)).toMatchObject({ amount: 60 });
    expect(await paymentOf(intentId)).toMatchObject({ status: 'succeeded', paidAt: expect.any(Date) });
  });

  // Half a cent rounds up.
  it.each([
    { price: 50, percent: undefined, rate: '5% (default)', fee: 3 },
    { price: 1010, percent: undefined, rate: '5% (default)', fee: 51 },
    { price: 100, percent: '2.5', rate: '2.5%', fee: 3 },
    { price: 1200, percent: undefined, rate: '5% (default)', fee: 60 },
  ])('takes a fee of $fee cents on $price cents at $rate', async ({ price, percent, fee }) => {
    const { buyer, row } = await paidSetup({ priceCents: price });
    const intentId = await withFeePercent(percent, () => openCheckout(buyer, row.id));
    expect(stripe().intents.get(intentId)).toMatchObject({ amount: price, application_fee_amount: fee });
    expect(await paymentOf(intentId)).toMatchObject({ amountCents: price, applicationFeeCents: fee });
  });

  it('is refused with 409 when the creator’s account cannot take charges, opening no intent at Stripe', async () => {
    const { creator, buyer, row } = await paidSetup({ priceCents: 1200 });
    const account = await connectCreator(creator.id);
    await stripeChangesAccount(account, { charges_enabled: false, currently_due: ['external_account'] });

    const res = await call('POST', '/api/payment/create-payment-intent', {
      as: buyer,
      json: { submissionId: row.id },
    });
    expect(res).toMatchObject({ status: 409, body: CREATOR_CANNOT_TAKE_PAYMENTS });
    expect(intentCreates(buyer)).toEqual([]);
    expect(await db().select().from(payments)).toEqual([]);
  });

  it('is refused the same way for a priced envolvement whose creator never connected an account', async () => {
    const creator = await createUser();
    const buyer = await createUser();
    const [row] = await db()
      .insert(envolvements)
      .values(buildEnvolvement(creator.id, { priceCents: 1200 }))
      .returning();
    const res = await call('POST', '/api/payment/create-payment-intent', {
      as: buyer,
      json: { submissionId: row!.id },
    });
    expect(res).toMatchObject({ status: 409, body: CREATOR_CANNOT_TAKE_PAYMENTS });
    expect(intentCreates(buyer)).toEqual([]);
  });
});

describe('refunds of a destination charge', () => {
  const entriesOf = (paymentId: string) =>
    db()
      .select({ kind: earningsEntries.kind, gross: earningsEntries.grossCents, fee: earningsEntries.feeCents })
      .from(earningsEntries)
      .where(eq(earningsEntries.paymentId, paymentId))
      .orderBy(asc(earningsEntries.occurredAt), asc(earningsEntries.refundedTotalCents));

  it('a creator’s refund takes the whole transfer back from the creator and returns the platform’s fee', async () => {
    const { creator, buyer, row } = await paidSetup({ priceCents: 1200 });
    const { intentId, purchase } = await joinByCard(stripe(), buyer, row.id);

    const res = await call('POST', `/api/payment/refund/${purchase.id}`, { as: creator });
    expect(res.status).toBe(200);

    const charge = stripe().charges.get(stripe().intents.get(intentId)!.latest_charge!)!;
    expect(stripe().transfers.get(charge.transfer!)).toMatchObject({
      amount: 1200,
      amount_reversed: 1200,
      reversed: true,
    });
    expect(stripe().applicationFees.get(charge.application_fee!)).toMatchObject({
      amount: 60,
      amount_refunded: 60,
      refunded: true,
    });
    expect(
      await db()
        .select({
          amount: paymentRefunds.amountCents,
          reversed: paymentRefunds.transferReversedCents,
          fee: paymentRefunds.feeRefundedCents,
        })
        .from(paymentRefunds)
        .where(eq(paymentRefunds.paymentId, intentId)),
    ).toEqual([{ amount: 1200, reversed: 1200, fee: 60 }]);
    expect(await entriesOf(intentId)).toEqual([
      { kind: 'sale', gross: 1200, fee: 60 },
      { kind: 'refund', gross: -1200, fee: -60 },
    ]);
  });

  it('a partial refund from the dashboard writes a refund entry with its share of the fee', async () => {
    const { buyer, row } = await paidSetup({ priceCents: 1200 });
    const { intentId } = await joinByCard(stripe(), buyer, row.id);

    stripe().refund(intentId, 500);
    const refunded = stripe()
      .eventsFor(intentId)
      .filter((e) => e.type === 'charge.refunded');
    expect(await deliver(stripe(), refunded)).toEqual([handled('moved: partially_refunded')]);

    expect(await paymentOf(intentId)).toMatchObject({ status: 'partially_refunded', amountRefundedCents: 500 });
    expect(await entriesOf(intentId)).toEqual([
      { kind: 'sale', gross: 1200, fee: 60 },
      { kind: 'refund', gross: -500, fee: -25 },
    ]);
  });
});
