import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseStripeForm, startFakeStripe, type FakeEvent, type FakeStripe } from '../helpers/fake-stripe';
import { startFakeStripeWithSdk, stripeRefusal } from '../helpers/stripe-sdk';

// The fake stands in for Stripe wherever the payments ledger is tested, so it is held to
// Stripe's behaviour here, through the real SDK.

let fake: FakeStripe;
let stripe: Stripe;

beforeAll(async () => ({ fake, stripe } = await startFakeStripeWithSdk()));
afterAll(() => fake.close());

const anyTime = expect.any(Number);

const paidIntent = async (amount = 1999) => {
  const intent = await stripe.paymentIntents.create({ amount, currency: 'usd', metadata: { userId: 'u1' } });
  fake.succeed(intent.id);
  return fake.intents.get(intent.id)!;
};

/** A local webhook endpoint that keeps what it is sent and answers the statuses it is told. */
async function startReceiver(statuses: number[] = []) {
  const received: Array<{ signature: string; contentType: string; payload: string }> = [];
  const server = http.createServer((req, res) => {
    let payload = '';
    req.on('data', (chunk) => (payload += chunk));
    req.on('end', () => {
      received.push({
        signature: String(req.headers['stripe-signature']),
        contentType: String(req.headers['content-type']),
        payload,
      });
      res.writeHead(statuses.shift() ?? 200, { 'content-type': 'application/json' }).end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/payment/webhook`;
  return { url, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('form bodies', () => {
  it('nest bracketed keys, type amounts and flags, and keep metadata as text', () => {
    const form =
      'amount=1999&currency=usd&metadata[userId]=u1&metadata[count]=123&metadata[ok]=true&transfer_data[destination]=acct_1' +
      '&application_fee_amount=200&automatic_payment_methods[enabled]=true&expand[0]=latest_charge&expand[1]=customer' +
      '&description=42&items[0][price]=p1&tags[]=a&tags[]=b';
    expect(parseStripeForm(form)).toEqual({
      amount: 1999,
      currency: 'usd',
      metadata: { userId: 'u1', count: '123', ok: 'true' },
      transfer_data: { destination: 'acct_1' },
      application_fee_amount: 200,
      automatic_payment_methods: { enabled: true },
      expand: ['latest_charge', 'customer'],
      description: '42',
      items: [{ price: 'p1' }],
      tags: ['a', 'b'],
    });
  });
});

describe('payment intents', () => {
  it('creates an intent from every parameter and retrieves it, with its charge expanded once paid', async () => {
    fake.addAccount({ id: 'acct_creator', ready: true });
    const intent = await stripe.paymentIntents.create({
      amount: 1999,
      currency: 'usd',
      metadata: { envolvementId: 'e1', userId: 'u1' },
      description: 'A title',
      automatic_payment_methods: { enabled: true },
      transfer_data: { destination: 'acct_creator' },
      application_fee_amount: 200,
    });
    const expected = {
      id: expect.stringMatching(/^pi_/),
      object: 'payment_intent',
      created: anyTime,
      livemode: false,
      amount: 1999,
      currency: 'usd',
      status: 'requires_payment_method',
      client_secret: expect.stringMatching(new RegExp(`^${intent.id}_secret_`)),
      metadata: { envolvementId: 'e1', userId: 'u1' },
      description: 'A title',
      latest_charge: null,
      amount_received: 0,
      canceled_at: null,
      cancellation_reason: null,
      last_payment_error: null,
      automatic_payment_methods: { enabled: true },
      transfer_data: { destination: 'acct_creator' },
      application_fee_amount: 200,
    };
    expect({ ...intent }).toEqual(expected);
    expect({ ...(await stripe.paymentIntents.retrieve(intent.id)) }).toEqual(expected);
    expect({ ...(await stripe.paymentIntents.retrieve(intent.id, { expand: ['latest_charge'] })) }).toEqual(expected);

    fake.succeed(intent.id);
    const paid = await stripe.paymentIntents.retrieve(intent.id, { expand: ['latest_charge'] });
    const charge = paid.latest_charge as Stripe.Charge;
    expect({ ...paid, latest_charge: charge.id }).toEqual({
      ...expected,
      status: 'succeeded',
      latest_charge: expect.stringMatching(/^ch_/),
      amount_received: 1999,
    });
    expect({ ...charge }).toEqual({
      id: charge.id,
      object: 'charge',
      created: anyTime,
      livemode: false,
      amount: 1999,
      amount_captured: 1999,
      amount_refunded: 0,
      currency: 'usd',
      payment_intent: intent.id,
      description: 'A title',
      metadata: { envolvementId: 'e1', userId: 'u1' },
      captured: true,
      paid: true,
      refunded: false,
      disputed: false,
      status: 'succeeded',
      transfer: expect.stringMatching(/^tr_/),
      application_fee: expect.stringMatching(/^fee_/),
      application_fee_amount: 200,
      transfer_data: { amount: null, destination: 'acct_creator' },
      destination: 'acct_creator',
    });
    expect({ ...(await stripe.charges.retrieve(charge.id)) }).toEqual({ ...charge });
    const bracketless = await fetch(`${fake.url}/v1/payment_intents/${intent.id}?expand[]=latest_charge`, {
      headers: { authorization: 'Bearer sk_test_fake' },
    });
    expect((await bracketless.json()).latest_charge).toEqual({ ...charge });
  });

  it('answers 404 resource_missing for an unknown intent or charge, and for an unknown path', async () => {
    expect(await stripeRefusal(stripe.paymentIntents.retrieve('pi_unknown'))).toEqual({
      type: 'StripeInvalidRequestError',
      code: 'resource_missing',
      message: "No such payment_intent: 'pi_unknown'",
      param: 'id',
      statusCode: 404,
    });
    expect(await stripeRefusal(stripe.charges.retrieve('ch_unknown'))).toMatchObject({
      code: 'resource_missing',
      statusCode: 404,
    });
    expect((await fetch(`${fake.url}/v1/customers`)).status).toBe(404);
  });

  it('cancels a waiting intent with its reason, and refuses to cancel one that succeeded or was canceled', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 500, currency: 'usd' });
    const canceled = await stripe.paymentIntents.cancel(intent.id, { cancellation_reason: 'abandoned' });
    expect(canceled).toMatchObject({ status: 'canceled', canceled_at: anyTime, cancellation_reason: 'abandoned' });
    expect(fake.eventsFor(intent.id).map((e) => e.type)).toEqual(['payment_intent.canceled']);
    const again = await stripeRefusal(stripe.paymentIntents.cancel(intent.id));
    expect(again).toEqual({
      type: 'StripeInvalidRequestError',
      code: 'payment_intent_unexpected_state',
      message:
        'You cannot cancel this PaymentIntent because it has a status of canceled. Only a PaymentIntent with one of the following statuses ' +
        'may be canceled: requires_payment_method, requires_confirmation, requires_action, requires_capture.',
      statusCode: 400,
    });
    const paid = await paidIntent();
    expect((await stripeRefusal(stripe.paymentIntents.cancel(paid.id))).message).toMatch(
      /^You cannot cancel this PaymentIntent because it has a status of succeeded\./,
    );
    expect(
      (await stripe.paymentIntents.cancel((await stripe.paymentIntents.create({ amount: 500, currency: 'usd' })).id))
        .cancellation_reason,
    ).toBeNull();
  });
});

describe('refunds', () => {
  it('refunds part, then the rest, then refuses: already refunded', async () => {
    const intent = await paidIntent();
    const chargeId = intent.latest_charge!;
    const part = await stripe.refunds.create({
      payment_intent: intent.id,
      amount: 500,
      reason: 'requested_by_customer',
      metadata: { why: 'late' },
    });
    expect({ ...part }).toEqual({
      id: expect.stringMatching(/^re_/),
      object: 'refund',
      created: anyTime,
      livemode: false,
      amount: 500,
      charge: chargeId,
      payment_intent: intent.id,
      currency: 'usd',
      status: 'succeeded',
      reason: 'requested_by_customer',
      metadata: { why: 'late' },
    });
    expect(await stripe.charges.retrieve(chargeId)).toMatchObject({ amount_refunded: 500, refunded: false });
    const rest = await stripe.refunds.create({ payment_intent: intent.id });
    expect(rest).toMatchObject({ amount: 1499, reason: null, metadata: {} });
    expect(await stripe.charges.retrieve(chargeId)).toMatchObject({ amount_refunded: 1999, refunded: true });
    expect(await stripeRefusal(stripe.refunds.create({ payment_intent: intent.id }))).toEqual({
      type: 'StripeInvalidRequestError',
      code: 'charge_already_refunded',
      message: `Charge ${chargeId} has already been refunded.`,
      statusCode: 400,
    });
    const listed = await stripe.refunds.list({ payment_intent: intent.id });
    expect({ object: listed.object, has_more: listed.has_more, ids: listed.data.map((r) => r.id) }).toEqual({
      object: 'list',
      has_more: false,
      ids: [rest.id, part.id],
    });
    const page = await stripe.refunds.list({ payment_intent: intent.id, limit: 1 });
    expect([page.has_more, page.data.map((r) => r.id)]).toEqual([true, [rest.id]]);
    expect(fake.refunds.filter((r) => r.payment_intent === intent.id)).toEqual([
      { payment_intent: intent.id },
      { payment_intent: intent.id },
    ]);
    expect(fake.eventsFor(intent.id).map((e) => e.type)).toEqual([
      'charge.succeeded',
      'payment_intent.succeeded',
      'charge.refunded',
      'refund.created',
      'charge.refunded',
      'refund.created',
    ]);
  });

  it('refuses more than is left, an unpaid intent, an unknown charge, and neither intent nor charge', async () => {
    const intent = await paidIntent(1000);
    await stripe.refunds.create({ charge: intent.latest_charge!, amount: 400 });
    expect(await stripeRefusal(stripe.refunds.create({ payment_intent: intent.id, amount: 601 }))).toEqual({
      type: 'StripeInvalidRequestError',
      code: 'amount_too_large',
      message: 'Refund amount (6.01 USD) is greater than unrefunded amount on charge (6.00 USD)',
      param: 'amount',
      statusCode: 400,
    });
    expect(await stripe.refunds.create({ payment_intent: intent.id, amount: 600 })).toMatchObject({ amount: 600 });
    const unpaid = await stripe.paymentIntents.create({ amount: 1000, currency: 'usd' });
    expect(await stripeRefusal(stripe.refunds.create({ payment_intent: unpaid.id }))).toEqual({
      type: 'StripeInvalidRequestError',
      code: 'charge_not_refundable',
      message: `This PaymentIntent (${unpaid.id}) does not have a successful charge to refund.`,
      statusCode: 400,
    });
    expect(await stripeRefusal(stripe.refunds.create({ charge: 'ch_unknown' }))).toMatchObject({
      code: 'resource_missing',
      statusCode: 404,
    });
    expect(await stripeRefusal(stripe.refunds.create({}))).toMatchObject({
      code: 'parameter_missing',
      statusCode: 400,
    });
  });

  it('lets intents from the legacy controls be refunded: setStatus and addIntent give a charge, without events', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 700, currency: 'usd' });
    fake.setStatus(intent.id, 'succeeded');
    const added = fake.addIntent({ amount: 800, status: 'succeeded', metadata: {} });
    expect(fake.eventsFor(intent.id)).toEqual([]);
    expect(fake.eventsFor(added.id)).toEqual([]);
    expect(await stripe.refunds.create({ payment_intent: intent.id })).toMatchObject({ amount: 700 });
    expect(fake.refund(added.id)).toMatchObject({ amount: 800, payment_intent: added.id });
  });
});

describe('idempotency', () => {
  it('replays the first answer for the same key and parameters, and refuses the key with others', async () => {
    const params = { amount: 1999, currency: 'usd', metadata: { userId: 'u1' } };
    const first = await stripe.paymentIntents.create(params, { idempotencyKey: 'create-1' });
    const events = fake.events.length;
    const intents = fake.intents.size;
    const replay = await stripe.paymentIntents.create(params, { idempotencyKey: 'create-1' });
    expect({ ...replay }).toEqual({ ...first });
    expect(replay.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect([fake.intents.size, fake.events.length]).toEqual([intents, events]);

    const error = await stripe.paymentIntents
      .create({ ...params, amount: 2000 }, { idempotencyKey: 'create-1' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    // The SDK names its error class in `type`; Stripe's own error type is kept as `rawType`.
    const { type, rawType, statusCode, message } = error as Stripe.errors.StripeIdempotencyError;
    expect({ type, rawType, statusCode, message }).toEqual({
      type: 'StripeIdempotencyError',
      rawType: 'idempotency_error',
      statusCode: 400,
      message:
        "Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than 'create-1' if you meant to execute a different request.",
    });
    expect(
      await stripeRefusal(stripe.refunds.create({ payment_intent: first.id }, { idempotencyKey: 'create-1' })),
    ).toMatchObject({
      type: 'StripeIdempotencyError',
      message: expect.stringContaining("('/v1/payment_intents' vs '/v1/refunds')"),
    });
  });

  it('keeps no answer for a request refused before it ran, so the key can be used again', async () => {
    const missing = stripe.paymentIntents.create({ amount: 1999 } as Stripe.PaymentIntentCreateParams, {
      idempotencyKey: 'create-2',
    });
    expect(await stripeRefusal(missing)).toEqual({
      type: 'StripeInvalidRequestError',
      code: 'parameter_missing',
      message: 'Missing required param: currency.',
      param: 'currency',
      statusCode: 400,
    });
    expect(
      await stripe.paymentIntents.create({ amount: 1999, currency: 'USD' }, { idempotencyKey: 'create-2' }),
    ).toMatchObject({ currency: 'usd' });
  });

  it('replays a refund and its refusal without a second refund or event', async () => {
    const intent = await paidIntent();
    const refund = await stripe.refunds.create(
      { payment_intent: intent.id },
      { idempotencyKey: `refund-${intent.id}` },
    );
    const again = await stripe.refunds.create({ payment_intent: intent.id }, { idempotencyKey: `refund-${intent.id}` });
    expect(again.id).toBe(refund.id);
    expect(fake.eventsFor(intent.id).filter((e) => e.type === 'refund.created')).toHaveLength(1);
    const refused = await stripeRefusal(
      stripe.refunds.create({ payment_intent: intent.id }, { idempotencyKey: `refund-again-${intent.id}` }),
    );
    expect(
      await stripeRefusal(
        stripe.refunds.create({ payment_intent: intent.id }, { idempotencyKey: `refund-again-${intent.id}` }),
      ),
    ).toEqual(refused);
    expect(refused.code).toBe('charge_already_refunded');
  });
});

describe('disputes', () => {
  it('opens a dispute that blocks refunds until it is won; a lost one keeps blocking', async () => {
    const lost = await paidIntent();
    const dispute = fake.dispute(lost.id);
    expect(dispute).toEqual({
      id: expect.stringMatching(/^dp_/),
      object: 'dispute',
      created: anyTime,
      livemode: false,
      amount: 1999,
      charge: lost.latest_charge,
      payment_intent: lost.id,
      currency: 'usd',
      status: 'needs_response',
      reason: 'fraudulent',
      is_charge_refundable: false,
      metadata: {},
    });
    expect(await stripe.charges.retrieve(lost.latest_charge!)).toMatchObject({ disputed: true });
    expect(() => fake.dispute(lost.id)).toThrow(`Charge ${lost.latest_charge} has already been disputed.`);
    const refusal = {
      type: 'StripeInvalidRequestError',
      code: 'charge_disputed',
      message: `Charge ${lost.latest_charge} has been charged back; cannot issue a refund.`,
      statusCode: 400,
    };
    expect(await stripeRefusal(stripe.refunds.create({ payment_intent: lost.id }))).toEqual(refusal);
    fake.closeDispute(dispute.id, 'lost');
    expect(await stripeRefusal(stripe.refunds.create({ payment_intent: lost.id }))).toEqual(refusal);
    expect(() => fake.closeDispute(dispute.id, 'won')).toThrow(`Dispute ${dispute.id} is already closed (lost).`);
    const [created, closed] = fake.eventsFor(lost.id).slice(2);
    expect([created!.type, created!.data.object]).toEqual([
      'charge.dispute.created',
      { ...dispute, status: 'needs_response' },
    ]);
    expect([closed!.type, closed!.data.object]).toEqual(['charge.dispute.closed', { ...dispute, status: 'lost' }]);

    const disputes = await stripe.disputes.list({ payment_intent: lost.id, limit: 10 });
    expect({ ...disputes, data: disputes.data.map((d) => ({ ...d })) }).toEqual({
      object: 'list',
      data: [{ ...dispute, status: 'lost' }],
      has_more: false,
      url: '/v1/disputes',
    });
    expect((await stripe.disputes.list({ payment_intent: 'pi_other' })).data).toEqual([]);

    const won = await paidIntent();
    fake.closeDispute(fake.dispute(won.id).id, 'won');
    expect(await stripe.refunds.create({ payment_intent: won.id })).toMatchObject({ amount: 1999 });
  });
});

describe('events', () => {
  it('records every change as a whole Stripe event with a snapshot of the object at that moment', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 1999, currency: 'usd' });
    const other = await stripe.paymentIntents.create({ amount: 1999, currency: 'usd' });
    fake.process(intent.id);
    fake.fail(intent.id, 'Insufficient funds.');
    fake.fail(other.id);
    fake.succeed(intent.id);
    fake.refund(intent.id, 300);
    const events = fake.eventsFor(intent.id);
    expect(events.map((e) => [e.type, (e.data.object as { status: string }).status])).toEqual([
      ['payment_intent.processing', 'processing'],
      ['payment_intent.payment_failed', 'requires_payment_method'],
      ['charge.succeeded', 'succeeded'],
      ['payment_intent.succeeded', 'succeeded'],
      ['charge.refunded', 'succeeded'],
      ['refund.created', 'succeeded'],
    ]);
    expect(events[0]).toEqual({
      id: expect.stringMatching(/^evt_/),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: anyTime,
      type: 'payment_intent.processing',
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: {
        object: {
          ...fake.intents.get(intent.id),
          status: 'processing',
          latest_charge: null,
          amount_received: 0,
          last_payment_error: null,
        },
      },
    });
    expect(events[1]!.data.object).toMatchObject({
      last_payment_error: { message: 'Insufficient funds.', type: 'card_error', code: 'card_declined' },
    });
    expect(events[2]!.data.object).toMatchObject({ amount_refunded: 0 });
    expect(events[4]!.data.object).toMatchObject({ object: 'charge', amount_refunded: 300, refunded: false });
    expect(fake.eventsFor(other.id).map((e) => [e.type, e.data.object.metadata])).toEqual([
      ['payment_intent.payment_failed', {}],
    ]);
    expect(fake.events.indexOf(events[1]!)).toBeLessThan(fake.events.indexOf(fake.eventsFor(other.id)[0]!));
  });

  it('refuses moves Stripe cannot make', async () => {
    const paid = await paidIntent();
    expect(() => fake.succeed(paid.id)).toThrow(
      'You cannot confirm this PaymentIntent because it has a status of succeeded.',
    );
    expect(() => fake.process(paid.id)).toThrow(/status of succeeded/);
    expect(() => fake.succeed('pi_unknown')).toThrow("No such payment_intent: 'pi_unknown'");
  });
});

describe('webhook signing and delivery', () => {
  it('signs payloads that the SDK accepts, with any timestamp or secret', async () => {
    const intent = await paidIntent();
    const payload = JSON.stringify(fake.eventsFor(intent.id)[1]);
    expect(stripe.webhooks.constructEvent(payload, fake.sign(payload), 'whsec_test_fake')).toMatchObject({
      type: 'payment_intent.succeeded',
    });
    const old = fake.sign(payload, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect(() => stripe.webhooks.constructEvent(payload, old, 'whsec_test_fake')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    expect(() => stripe.webhooks.constructEvent(payload, fake.sign(payload), 'whsec_other')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    expect(
      stripe.webhooks.constructEvent(payload, fake.sign(payload, { secret: 'whsec_other' }), 'whsec_other').id,
    ).toBe(JSON.parse(payload).id);
  });

  it('delivers events in the order given, one after the other, and gives the statuses', async () => {
    const receiver = await startReceiver([200, 500]);
    const intent = await paidIntent();
    const events = fake.eventsFor(intent.id).reverse();
    expect(await fake.deliverTo(receiver.url, events)).toEqual([200, 500]);
    expect(receiver.received.map((r) => JSON.parse(r.payload).type)).toEqual([
      'payment_intent.succeeded',
      'charge.succeeded',
    ]);
    for (const { signature, contentType, payload } of receiver.received) {
      expect(contentType).toBe('application/json');
      expect(stripe.webhooks.constructEvent(payload, signature, 'whsec_test_fake').id).toBe(JSON.parse(payload).id);
    }
    const sent: string[] = [];
    const statuses = await fake.deliver(events, async (payload, signature) => {
      sent.push(stripe.webhooks.constructEvent(payload, signature, 'whsec_test_fake').type);
      return { status: 204 };
    });
    expect([statuses, sent]).toEqual([
      [204, 204],
      ['payment_intent.succeeded', 'charge.succeeded'],
    ]);
    await receiver.close();
  });

  it('posts each event to the app as it happens when asked to, and redelivers over HTTP', async () => {
    const receiver = await startReceiver();
    const auto = await startFakeStripe(0, { webhookUrl: receiver.url, webhookSecret: 'whsec_auto', autoDeliver: true });
    const intent = auto.addIntent({ amount: 1000, metadata: {} });
    auto.succeed(intent.id);
    auto.refund(intent.id);
    await auto.waitForDeliveries();
    const types = ['charge.succeeded', 'payment_intent.succeeded', 'charge.refunded', 'refund.created'];
    expect(
      receiver.received.map((r) => stripe.webhooks.constructEvent(r.payload, r.signature, 'whsec_auto').type),
    ).toEqual(types);

    const post = (path: string, json: unknown) =>
      fetch(`${auto.url}${path}`, { method: 'POST', body: JSON.stringify(json) });
    expect(await (await post('/test/deliver', {})).json()).toEqual({ statuses: [], events: [] });
    const ids = auto.events.map((e) => e.id);
    expect(await (await post('/test/deliver', { eventIds: ids.slice(0, 2), order: 'reverse' })).json()).toEqual({
      statuses: [200, 200],
      events: [ids[1], ids[0]],
    });
    expect(receiver.received.slice(4).map((r) => JSON.parse(r.payload).id)).toEqual([ids[1], ids[0]]);
    await auto.close();
    await receiver.close();
  });
});

describe('HTTP test controls', () => {
  const post = async (path: string, json: unknown = {}) => {
    const res = await fetch(`${fake.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(json),
    });
    return { status: res.status, body: await res.json() };
  };
  const get = async (path: string) => {
    const res = await fetch(`${fake.url}${path}`);
    return { status: res.status, body: await res.json() };
  };

  it('drive an intent through payment, refund and dispute for browser tests', async () => {
    expect(await get('/test/health')).toEqual({ status: 200, body: { ok: true } });
    const created = await post('/test/intents', {
      amount: 1250,
      status: 'requires_payment_method',
      metadata: { userId: 'u1' },
    });
    const id = created.body.id as string;
    expect(created.body).toMatchObject({ status: 'requires_payment_method', amount: 1250, metadata: { userId: 'u1' } });
    expect((await post(`/test/intents/${id}/process`)).body).toMatchObject({ status: 'processing' });
    expect((await post(`/test/intents/${id}/fail`, { message: 'Declined.' })).body).toMatchObject({
      last_payment_error: { message: 'Declined.' },
    });
    expect((await post(`/test/intents/${id}/succeed`)).body).toMatchObject({
      status: 'succeeded',
      amount_received: 1250,
    });
    expect((await get(`/test/intents/${id}`)).body).toEqual(JSON.parse(JSON.stringify(fake.intents.get(id))));
    expect((await post(`/test/intents/${id}/refund`, { amount: 250 })).body).toMatchObject({
      object: 'refund',
      amount: 250,
      payment_intent: id,
    });
    const dispute = (await post(`/test/intents/${id}/dispute`)).body;
    expect(dispute).toMatchObject({ object: 'dispute', status: 'needs_response', payment_intent: id });
    expect((await post(`/test/disputes/${dispute.id}/close`, { status: 'won' })).body).toMatchObject({ status: 'won' });
    const events = (await get(`/test/events?payment_intent=${id}`)).body as { object: string; data: FakeEvent[] };
    expect(events.data.map((e) => e.type)).toEqual([
      'payment_intent.processing',
      'payment_intent.payment_failed',
      'charge.succeeded',
      'payment_intent.succeeded',
      'charge.refunded',
      'refund.created',
      'charge.dispute.created',
      'charge.dispute.closed',
    ]);
  });

  it('answer refusals in Stripe error bodies', async () => {
    const legacy = await post('/test/intents', { amount: 1250, metadata: {} });
    expect(legacy.body.status).toBe('succeeded');
    expect((await post(`/test/intents/${legacy.body.id}/refund`, { amount: 5000 })).body.error.code).toBe(
      'amount_too_large',
    );
    expect(await post('/test/intents/pi_unknown/succeed')).toEqual({
      status: 404,
      body: {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: "No such payment_intent: 'pi_unknown'",
          param: 'id',
        },
      },
    });
    expect(await post('/test/deliver', {})).toMatchObject({
      status: 400,
      body: { error: { code: 'parameter_missing' } },
    });
    expect((await get('/test/nothing')).status).toBe(404);
  });
});
