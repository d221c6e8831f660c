import Stripe from 'stripe';

// The objects behind the fake Stripe API and the rules that move money between them:
// intents, charges, refunds and disputes, every change recorded as a Stripe event.
// No HTTP here: fake-stripe.ts serves it.

export type Metadata = Record<string, string>;

/** A parsed request parameter: form bodies nest (`metadata[userId]`, `expand[0]`). */
export type Param = string | number | boolean | Param[] | Params;
export type Params = { [key: string]: Param };

type Base = { id: string; created: number; livemode: false; metadata: Metadata };

export type FakeIntent = Base & {
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  description: string | null;
  latest_charge: string | null;
  amount_received: number;
  canceled_at: number | null;
  cancellation_reason: string | null;
  last_payment_error: { message: string; type: 'card_error'; code: 'card_declined' } | null;
  // Every other create parameter (transfer_data, application_fee_amount …) is kept as sent.
  [param: string]: unknown;
};

export type FakeCharge = Base & {
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  currency: string;
  payment_intent: string;
  description: string | null;
  captured: true;
  paid: true;
  refunded: boolean;
  disputed: boolean;
  status: 'succeeded';
};

type ChargePart = { amount: number; charge: string; payment_intent: string; currency: string };

type RefundStatus = 'succeeded' | 'failed' | 'canceled';

export type FakeRefund = Base & ChargePart & { object: 'refund'; status: RefundStatus; reason: string | null };

export type FakeDispute = Base &
  ChargePart & {
    object: 'dispute';
    status: 'needs_response' | 'won' | 'lost';
    reason: 'fraudulent';
    is_charge_refundable: boolean;
  };

export type FakeObject = FakeIntent | FakeCharge | FakeRefund | FakeDispute;

export type FakeEvent = {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  type: string;
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  data: { object: FakeObject };
};

export type IntentCreate = { amount: number; currency: string; metadata?: Metadata; description?: string } & Record<
  string,
  unknown
>;

export type RefundCreate = {
  payment_intent?: string;
  charge?: string;
  amount?: number;
  reason?: string;
  metadata?: Metadata;
};

/** A refusal in Stripe's words; the server answers it as `{ error }` with this status. */
export class FakeStripeError extends Error {
  constructor(
    readonly status: number,
    readonly error: { type: string; code?: string; message: string; param?: string },
  ) {
    super(error.message);
  }
}

export const invalidRequest = (code: string, message: string, param?: string) =>
  new FakeStripeError(400, { type: 'invalid_request_error', code, message, ...(param ? { param } : {}) });

export const notFound = (kind: string, id: string) =>
  new FakeStripeError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    param: 'id',
  });

const CANCELABLE = ['requires_payment_method', 'requires_confirmation', 'requires_action', 'requires_capture'];
// The test controls only move an intent that is still waiting for its payment.
const AWAITING_PAYMENT = ['requires_payment_method', 'requires_confirmation', 'requires_action', 'processing'];

const now = () => Math.floor(Date.now() / 1000);
const partOf = (charge: FakeCharge, amount: number): ChargePart => ({
  amount,
  charge: charge.id,
  payment_intent: charge.payment_intent,
  currency: charge.currency,
});
const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;

export function createLedger(onEvent: (event: FakeEvent) => void) {
  const intents = new Map<string, FakeIntent>();
  const charges = new Map<string, FakeCharge>();
  const refundsById = new Map<string, FakeRefund>();
  const disputes = new Map<string, FakeDispute>();
  // The log older tests compare whole, so its items stay `{ payment_intent }`.
  const refunds: Array<{ payment_intent: string }> = [];
  const events: FakeEvent[] = [];
  let counter = 0;
  // Set by failNextRefund: the next refund comes back failed (the bank refused it) or
  // canceled, and moves no money.
  let refundFails: RefundStatus | null = null;

  const newId = (prefix: string) => `${prefix}_fake${++counter}${Math.random().toString(36).slice(2, 10)}`;
  const base = (prefix: string): Base => ({ id: newId(prefix), created: now(), livemode: false, metadata: {} });

  function emit(type: string, object: FakeObject) {
    const event: FakeEvent = {
      id: newId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: now(),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      // A snapshot, as Stripe sends it: later changes to the object must not rewrite history.
      data: { object: structuredClone(object) },
    };
    events.push(event);
    onEvent(event);
  }

  const find = (id: string): FakeObject | undefined =>
    intents.get(id) ?? charges.get(id) ?? refundsById.get(id) ?? disputes.get(id);

  function getOrThrow<T>(map: Map<string, T>, kind: string, id: string): T {
    const found = map.get(id);
    if (!found) throw notFound(kind, id);
    return found;
  }

  function getEvent(id: string): FakeEvent {
    const event = events.find((e) => e.id === id);
    if (!event) throw notFound('event', id);
    return event;
  }

  function addIntent(partial: Partial<FakeIntent> & { amount: number; metadata: Metadata }): FakeIntent {
    const id = partial.id ?? newId('pi');
    const intent: FakeIntent = {
      id,
      object: 'payment_intent',
      created: now(),
      livemode: false,
      currency: 'usd',
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${Math.random().toString(36).slice(2, 12)}`,
      description: null,
      latest_charge: null,
      amount_received: 0,
      canceled_at: null,
      cancellation_reason: null,
      last_payment_error: null,
      ...partial,
    };
    intents.set(id, intent);
    // Tests add intents that have already succeeded; like real ones they need a charge to refund.
    if (intent.status === 'succeeded' && !intent.latest_charge) chargeIntent(intent);
    return intent;
  }

  const createIntent = ({ metadata = {}, description, ...params }: IntentCreate) =>
    addIntent({ ...params, metadata, description: description ?? null });

  function chargeIntent(intent: FakeIntent): FakeCharge {
    const { amount, currency, description } = intent;
    const charge: FakeCharge = {
      ...base('ch'),
      object: 'charge',
      amount,
      amount_captured: amount,
      amount_refunded: 0,
      currency,
      payment_intent: intent.id,
      description,
      metadata: { ...intent.metadata },
      captured: true,
      paid: true,
      refunded: false,
      disputed: false,
      status: 'succeeded',
    };
    charges.set(charge.id, charge);
    intent.latest_charge = charge.id;
    intent.amount_received = amount;
    return charge;
  }

  function getWaitingIntent(id: string, allowed = AWAITING_PAYMENT): FakeIntent {
    const intent = getOrThrow(intents, 'payment_intent', id);
    if (!allowed.includes(intent.status)) {
      throw invalidRequest(
        'payment_intent_unexpected_state',
        `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`,
      );
    }
    return intent;
  }

  function succeed(id: string): FakeIntent {
    const intent = getWaitingIntent(id);
    intent.status = 'succeeded';
    intent.last_payment_error = null;
    emit('charge.succeeded', chargeIntent(intent));
    emit('payment_intent.succeeded', intent);
    return intent;
  }

  function fail(id: string, message = 'Your card was declined.'): FakeIntent {
    const intent = getWaitingIntent(id);
    intent.status = 'requires_payment_method';
    intent.last_payment_error = { message, type: 'card_error', code: 'card_declined' };
    emit('payment_intent.payment_failed', intent);
    return intent;
  }

  function process(id: string): FakeIntent {
    const intent = getWaitingIntent(
      id,
      AWAITING_PAYMENT.filter((status) => status !== 'processing'),
    );
    intent.status = 'processing';
    emit('payment_intent.processing', intent);
    return intent;
  }

  function cancel(id: string, reason?: string): FakeIntent {
    const intent = getOrThrow(intents, 'payment_intent', id);
    if (!CANCELABLE.includes(intent.status)) {
      throw invalidRequest(
        'payment_intent_unexpected_state',
        `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. ` +
          `Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELABLE.join(', ')}.`,
      );
    }
    intent.status = 'canceled';
    intent.canceled_at = now();
    intent.cancellation_reason = reason ?? null;
    emit('payment_intent.canceled', intent);
    return intent;
  }

  /** The raw legacy setter: no events, but a success still gets its charge so it can be refunded. */
  function setStatus(id: string, status: string) {
    const intent = intents.get(id);
    if (!intent) return;
    intent.status = status;
    if (status === 'succeeded' && !intent.latest_charge) chargeIntent(intent);
  }

  function succeededChargeOf(intentId: string): FakeCharge {
    const intent = getOrThrow(intents, 'payment_intent', intentId);
    const charge = intent.latest_charge ? charges.get(intent.latest_charge) : undefined;
    if (intent.status !== 'succeeded' || !charge) {
      throw invalidRequest(
        'charge_not_refundable',
        `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
      );
    }
    return charge;
  }

  function refund({ payment_intent, charge: chargeId, amount, reason, metadata = {} }: RefundCreate): FakeRefund {
    if (!payment_intent && !chargeId) {
      throw invalidRequest(
        'parameter_missing',
        'One of the following params should be provided for this request: payment_intent or charge.',
      );
    }
    const charge = chargeId ? getOrThrow(charges, 'charge', chargeId) : succeededChargeOf(payment_intent!);
    if (payment_intent && payment_intent !== charge.payment_intent) {
      throw invalidRequest(
        'parameter_invalid',
        `Charge ${charge.id} does not belong to PaymentIntent ${payment_intent}.`,
        'charge',
      );
    }
    // An open dispute holds the money and a lost one has already returned it: only a won one allows a refund.
    if ([...disputes.values()].some((d) => d.charge === charge.id && d.status !== 'won')) {
      throw invalidRequest('charge_disputed', `Charge ${charge.id} has been charged back; cannot issue a refund.`);
    }
    const left = charge.amount - charge.amount_refunded;
    if (left <= 0) throw invalidRequest('charge_already_refunded', `Charge ${charge.id} has already been refunded.`);
    const value = amount ?? left;
    if (!Number.isInteger(value) || value < 1)
      throw invalidRequest('parameter_invalid_integer', 'Invalid positive integer', 'amount');
    if (value > left) {
      const message = `Refund amount (${money(value, charge.currency)}) is greater than unrefunded amount on charge (${money(left, charge.currency)})`;
      throw invalidRequest('amount_too_large', message, 'amount');
    }
    const created: FakeRefund = {
      ...base('re'),
      object: 'refund',
      ...partOf(charge, value),
      status: refundFails ?? 'succeeded',
      reason: reason ?? null,
      metadata,
    };
    refundsById.set(created.id, created);
    if (refundFails) {
      refundFails = null;
      emit(created.status === 'failed' ? 'refund.failed' : 'refund.updated', created);
      return created;
    }
    refunds.push({ payment_intent: created.payment_intent });
    charge.amount_refunded += value;
    charge.refunded = charge.amount_refunded >= charge.amount;
    emit('charge.refunded', charge);
    emit('refund.created', created);
    return created;
  }

  function dispute(intentId: string): FakeDispute {
    const charge = succeededChargeOf(intentId);
    if (charge.disputed) throw invalidRequest('charge_disputed', `Charge ${charge.id} has already been disputed.`);
    const opened: FakeDispute = {
      ...base('dp'),
      object: 'dispute',
      ...partOf(charge, charge.amount),
      status: 'needs_response',
      reason: 'fraudulent',
      is_charge_refundable: false,
    };
    disputes.set(opened.id, opened);
    charge.disputed = true;
    emit('charge.dispute.created', opened);
    return opened;
  }

  function closeDispute(disputeId: string, status: 'won' | 'lost'): FakeDispute {
    const found = getOrThrow(disputes, 'dispute', disputeId);
    if (status !== 'won' && status !== 'lost')
      throw invalidRequest('parameter_invalid', 'A dispute closes as won or lost.', 'status');
    if (found.status !== 'needs_response')
      throw invalidRequest('dispute_already_closed', `Dispute ${found.id} is already closed (${found.status}).`);
    found.status = status;
    found.is_charge_refundable = status === 'won';
    emit('charge.dispute.closed', found);
    return found;
  }

  function failNextRefund(status: 'failed' | 'canceled' = 'failed') {
    refundFails = status;
  }

  const eventsFor = (paymentIntentId: string) =>
    events.filter(
      ({ data: { object } }) =>
        (object.object === 'payment_intent' ? object.id : object.payment_intent) === paymentIntentId,
    );

  return {
    intents,
    charges,
    refundsById,
    disputes,
    refunds,
    events,
    find,
    getOrThrow,
    getEvent,
    addIntent,
    createIntent,
    setStatus,
    succeed,
    fail,
    process,
    cancel,
    refund,
    dispute,
    closeDispute,
    failNextRefund,
    eventsFor,
  };
}

export type Ledger = ReturnType<typeof createLedger>;
