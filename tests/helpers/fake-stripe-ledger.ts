import Stripe from 'stripe';

// The objects behind the fake Stripe API and the rules that move money between them:
// intents, charges, refunds and disputes, and for Connect the connected accounts and the
// transfers and application fees of destination charges, every change recorded as a
// Stripe event. No HTTP here: fake-stripe.ts serves it.

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
  last_payment_error: { message: string; type: 'card_error'; code: 'card_declined'; decline_code?: string } | null;
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
  // Only on destination charges, so the charges of other payments keep their shape.
  transfer?: string;
  application_fee?: string | null;
  application_fee_amount?: number | null;
  transfer_data?: { amount: null; destination: string };
  destination?: string;
};

type ChargePart = { amount: number; charge: string; payment_intent: string; currency: string };

type RefundStatus = 'succeeded' | 'failed' | 'canceled';

export type FakeRefund = Base &
  ChargePart & {
    object: 'refund';
    status: RefundStatus;
    reason: string | null;
    /** Only on refunds of destination charges: the reversal `reverse_transfer` made, if any. */
    transfer_reversal?: string | null;
  };

export type FakeDispute = Base &
  ChargePart & {
    object: 'dispute';
    status: 'needs_response' | 'won' | 'lost';
    reason: 'fraudulent';
    is_charge_refundable: boolean;
  };

type CapabilityStatus = 'active' | 'inactive';

export type FakeAccount = {
  id: string;
  object: 'account';
  created: number;
  type: 'express';
  country: string;
  email: string | null;
  business_type: string | null;
  default_currency: string;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
  /** Only the capabilities that were requested. */
  capabilities: Partial<Record<'card_payments' | 'transfers', CapabilityStatus>>;
  requirements: {
    currently_due: string[];
    eventually_due: string[];
    past_due: string[];
    pending_verification: string[];
    disabled_reason: string | null;
    current_deadline: number | null;
    errors: unknown[];
  };
  metadata: Metadata;
};

/** A list embedded in an object, as Stripe nests a transfer's reversals or a fee's refunds. */
export type SubList<T> = { object: 'list'; data: T[]; has_more: false; total_count: number; url: string };

export type FakeTransferReversal = {
  id: string;
  object: 'transfer_reversal';
  created: number;
  amount: number;
  currency: string;
  source_refund: string;
  transfer: string;
  metadata: Metadata;
};

export type FakeTransfer = Base & {
  object: 'transfer';
  amount: number;
  amount_reversed: number;
  currency: string;
  destination: string;
  source_transaction: string;
  reversals: SubList<FakeTransferReversal>;
  reversed: boolean;
};

export type FakeFeeRefund = {
  id: string;
  object: 'fee_refund';
  created: number;
  amount: number;
  currency: string;
  fee: string;
  metadata: Metadata;
};

export type FakeApplicationFee = {
  id: string;
  object: 'application_fee';
  created: number;
  livemode: false;
  account: string;
  amount: number;
  amount_refunded: number;
  charge: string;
  currency: string;
  refunded: boolean;
  refunds: SubList<FakeFeeRefund>;
  // Stripe gives application fees no metadata; declared absent so code reading any event's
  // metadata still type-checks.
  metadata?: undefined;
};

export type FakeObject =
  | FakeIntent
  | FakeCharge
  | FakeRefund
  | FakeDispute
  | FakeAccount
  | FakeTransfer
  | FakeTransferReversal
  | FakeApplicationFee;

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
  /** The connected account the event is about, as Connect events carry it. */
  account?: string;
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
  /** Destination charges: take the refund's share back from the connected account. */
  reverse_transfer?: boolean;
  /** Destination charges: give back the refund's share of the platform's fee. */
  refund_application_fee?: boolean;
};

export type AccountCreate = {
  type?: string;
  country?: string;
  email?: string;
  business_type?: string;
  capabilities?: Partial<Record<'card_payments' | 'transfers', { requested?: boolean }>>;
  metadata?: Metadata;
};

/** What a test may change on a connected account, as Stripe would after a review or a new requirement. */
export type AccountChanges = {
  charges_enabled?: boolean;
  payouts_enabled?: boolean;
  details_submitted?: boolean;
  currently_due?: string[];
  disabled_reason?: string | null;
};

/** A refusal in Stripe's words; the server answers it as `{ error }` with this status. */
export class FakeStripeError extends Error {
  constructor(
    readonly status: number,
    readonly error: {
      type: string;
      code?: string;
      message: string;
      param?: string;
      /** Card errors: why the bank declined, and the intent as the decline left it. */
      decline_code?: string;
      payment_intent?: FakeIntent;
    },
  ) {
    super(error.message);
  }
}

export const invalidRequest = (code: string, message: string, param?: string) =>
  new FakeStripeError(400, { type: 'invalid_request_error', code, message, ...(param ? { param } : {}) });

export const notFound = (kind: string, id: string, param = 'id') =>
  new FakeStripeError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    param,
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
const subList = <T>(url: string): SubList<T> => ({ object: 'list', data: [], has_more: false, total_count: 0, url });
// Newest first, as Stripe lists.
function prepend<T>(list: SubList<T>, item: T) {
  list.data.unshift(item);
  list.total_count += 1;
}

// What Stripe asks of a new US Express account before it may take charges: the business
// type itself when it was not given, then the person or company behind it.
function dueAtStart(businessType: string | null): string[] {
  const who =
    businessType === 'company'
      ? ['company.name', 'company.tax_id', 'representative.first_name', 'representative.last_name']
      : [
          'individual.dob.day',
          'individual.dob.month',
          'individual.dob.year',
          'individual.first_name',
          'individual.last_name',
        ];
  return [
    ...(businessType ? [] : ['business_type']),
    'external_account',
    ...who,
    'tos_acceptance.date',
    'tos_acceptance.ip',
  ];
}

const ONBOARDED: AccountChanges = {
  details_submitted: true,
  charges_enabled: true,
  payouts_enabled: true,
  currently_due: [],
  disabled_reason: null,
};

export function createLedger(onEvent: (event: FakeEvent) => void) {
  const intents = new Map<string, FakeIntent>();
  const charges = new Map<string, FakeCharge>();
  const refundsById = new Map<string, FakeRefund>();
  const disputes = new Map<string, FakeDispute>();
  const accounts = new Map<string, FakeAccount>();
  const transfers = new Map<string, FakeTransfer>();
  const transferReversals = new Map<string, FakeTransferReversal>();
  const applicationFees = new Map<string, FakeApplicationFee>();
  // The log older tests compare whole, so its items stay `{ payment_intent }`.
  const refunds: Array<{ payment_intent: string }> = [];
  const events: FakeEvent[] = [];
  let counter = 0;
  // Set by failNextRefund: the next refund comes back failed (the bank refused it) or
  // canceled, and moves no money.
  let refundFails: RefundStatus | null = null;

  const newId = (prefix: string) => `${prefix}_fake${++counter}${Math.random().toString(36).slice(2, 10)}`;
  const base = (prefix: string): Base => ({ id: newId(prefix), created: now(), livemode: false, metadata: {} });

  function emit(type: string, object: FakeObject, account?: string) {
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
      ...(account ? { account } : {}),
    };
    events.push(event);
    onEvent(event);
  }

  const find = (id: string): FakeObject | undefined =>
    intents.get(id) ??
    charges.get(id) ??
    refundsById.get(id) ??
    disputes.get(id) ??
    accounts.get(id) ??
    transfers.get(id) ??
    transferReversals.get(id) ??
    applicationFees.get(id);

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

  const createIntent = ({ metadata = {}, description, ...params }: IntentCreate) => {
    checkDestination(params);
    return addIntent({ ...params, metadata, description: description ?? null });
  };

  // Stripe's checks on a destination charge: a connected account that may receive transfers,
  // and a fee that only a destination charge carries and that the amount covers.
  function checkDestination({ amount, currency, transfer_data, application_fee_amount: fee }: IntentCreate) {
    if (transfer_data === undefined) {
      if (fee === undefined) return;
      throw invalidRequest(
        'parameter_invalid',
        'Can only apply an application_fee_amount when the PaymentIntent is attempting a direct payment ' +
          '(using an OAuth key or Stripe-Account header) or destination payment (using `transfer_data[destination]`).',
        'application_fee_amount',
      );
    }
    const destination = (transfer_data as { destination?: unknown }).destination;
    if (typeof destination !== 'string' || !destination) {
      throw invalidRequest(
        'parameter_missing',
        'Missing required param: transfer_data[destination].',
        'transfer_data[destination]',
      );
    }
    const account = accounts.get(destination);
    if (!account)
      throw invalidRequest('resource_missing', `No such destination: '${destination}'`, 'transfer_data[destination]');
    if (account.capabilities.transfers !== 'active') {
      throw invalidRequest(
        'insufficient_capabilities_for_transfer',
        'Your destination account needs to have at least one of the following capabilities enabled: ' +
          'transfers, crypto_transfers, legacy_payments',
        'transfer_data[destination]',
      );
    }
    if (fee === undefined) return;
    if (typeof fee !== 'number' || !Number.isInteger(fee) || fee < 0)
      throw invalidRequest('parameter_invalid_integer', 'Invalid non-negative integer', 'application_fee_amount');
    if (fee > amount) {
      throw invalidRequest(
        'parameter_invalid',
        `The application fee amount (${money(fee, currency)}) cannot be greater than the amount (${money(amount, currency)}).`,
        'application_fee_amount',
      );
    }
  }

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
    const destination = (intent.transfer_data as { destination?: string } | undefined)?.destination;
    if (destination) payDestination(charge, destination, intent.application_fee_amount as number | undefined);
    return charge;
  }

  // A destination charge moves its whole amount to the connected account, and the platform
  // takes its fee back from there.
  function payDestination(charge: FakeCharge, destination: string, fee?: number) {
    const { amount, currency } = charge;
    const transferBase = base('tr');
    const transfer: FakeTransfer = {
      ...transferBase,
      object: 'transfer',
      amount,
      amount_reversed: 0,
      currency,
      destination,
      source_transaction: charge.id,
      reversals: subList(`/v1/transfers/${transferBase.id}/reversals`),
      reversed: false,
    };
    transfers.set(transfer.id, transfer);
    let applicationFee: FakeApplicationFee | null = null;
    if (fee) {
      const feeId = newId('fee');
      applicationFee = {
        id: feeId,
        object: 'application_fee',
        created: now(),
        livemode: false,
        account: destination,
        amount: fee,
        amount_refunded: 0,
        charge: charge.id,
        currency,
        refunded: false,
        refunds: subList(`/v1/application_fees/${feeId}/refunds`),
      };
      applicationFees.set(feeId, applicationFee);
    }
    Object.assign(charge, {
      transfer: transfer.id,
      application_fee: applicationFee?.id ?? null,
      application_fee_amount: fee ?? null,
      transfer_data: { amount: null, destination },
      destination,
    });
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
    const charge = chargeIntent(intent);
    emit('charge.succeeded', charge);
    emit('payment_intent.succeeded', intent);
    if (charge.transfer) emit('transfer.created', transfers.get(charge.transfer)!);
    if (charge.application_fee) emit('application_fee.created', applicationFees.get(charge.application_fee)!);
    return intent;
  }

  function fail(id: string, message = 'Your card was declined.', declineCode?: string): FakeIntent {
    const intent = getWaitingIntent(id);
    intent.status = 'requires_payment_method';
    intent.last_payment_error = {
      message,
      type: 'card_error',
      code: 'card_declined',
      ...(declineCode ? { decline_code: declineCode } : {}),
    };
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

  function refund({
    payment_intent,
    charge: chargeId,
    amount,
    reason,
    metadata = {},
    reverse_transfer,
    refund_application_fee,
  }: RefundCreate): FakeRefund {
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
    const transfer = charge.transfer ? transfers.get(charge.transfer) : undefined;
    // Stripe lets refund_application_fee pass on a charge without a fee, not reverse_transfer without a transfer.
    if (reverse_transfer && !transfer)
      throw invalidRequest('parameter_invalid', 'This charge has no transfer to reverse.', 'reverse_transfer');
    const created: FakeRefund = {
      ...base('re'),
      object: 'refund',
      ...partOf(charge, value),
      status: refundFails ?? 'succeeded',
      reason: reason ?? null,
      metadata,
      ...(transfer ? { transfer_reversal: null } : {}),
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
    // The refund's share of a transfer or fee, in proportion to the charge; all that is left
    // once the charge is refunded in full, so rounding leaves nothing behind.
    const shareOf = (total: number, taken: number) =>
      Math.min(charge.refunded ? total : Math.round((total * value) / charge.amount), total - taken);
    const reversed =
      reverse_transfer && transfer
        ? reverseTransfer(transfer, shareOf(transfer.amount, transfer.amount_reversed), created)
        : false;
    const fee =
      refund_application_fee && charge.application_fee ? applicationFees.get(charge.application_fee) : undefined;
    const feeRefunded = fee ? refundFee(fee, shareOf(fee.amount, fee.amount_refunded)) : false;
    emit('charge.refunded', charge);
    emit('refund.created', created);
    if (reversed && transfer) emit('transfer.reversed', transfer);
    if (feeRefunded && fee) emit('application_fee.refunded', fee);
    return created;
  }

  // Both take back nothing when nothing is left to take: no reversal or fee refund of 0.
  function reverseTransfer(transfer: FakeTransfer, amount: number, source: FakeRefund): boolean {
    if (amount <= 0) return false;
    const reversal: FakeTransferReversal = {
      id: newId('trr'),
      object: 'transfer_reversal',
      created: now(),
      amount,
      currency: transfer.currency,
      source_refund: source.id,
      transfer: transfer.id,
      metadata: {},
    };
    transferReversals.set(reversal.id, reversal);
    prepend(transfer.reversals, reversal);
    transfer.amount_reversed += amount;
    transfer.reversed = transfer.amount_reversed >= transfer.amount;
    source.transfer_reversal = reversal.id;
    return true;
  }

  function refundFee(fee: FakeApplicationFee, amount: number): boolean {
    if (amount <= 0) return false;
    prepend(fee.refunds, {
      id: newId('fr'),
      object: 'fee_refund',
      created: now(),
      amount,
      currency: fee.currency,
      fee: fee.id,
      metadata: {},
    });
    fee.amount_refunded += amount;
    fee.refunded = fee.amount_refunded >= fee.amount;
    return true;
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

  function createAccount({
    type,
    country = 'US',
    email,
    business_type,
    capabilities = {},
    metadata = {},
  }: AccountCreate) {
    if (type === undefined) throw invalidRequest('parameter_missing', 'Missing required param: type.', 'type');
    if (type !== 'express')
      throw invalidRequest('parameter_invalid', `The fake models Express accounts only, not '${type}'.`, 'type');
    const due = dueAtStart(business_type ?? null);
    const account: FakeAccount = {
      id: newId('acct'),
      object: 'account',
      created: now(),
      type,
      country: country.toUpperCase(),
      email: email ?? null,
      business_type: business_type ?? null,
      default_currency: 'usd',
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
      capabilities: Object.fromEntries(
        Object.entries(capabilities)
          .filter(([, wanted]) => wanted?.requested)
          .map(([name]) => [name, 'inactive']),
      ),
      // A new Express account owes everything at once, so it is all past due and charges wait on it.
      requirements: {
        currently_due: due,
        eventually_due: [...due],
        past_due: [...due],
        pending_verification: [],
        disabled_reason: 'requirements.past_due',
        current_deadline: null,
        errors: [],
      },
      metadata,
    };
    accounts.set(account.id, account);
    return account;
  }

  /** A connected account for tests that need one now: no event, ready to take charges when asked. */
  function addAccount({ ready = false, id, email }: { ready?: boolean; id?: string; email?: string } = {}) {
    const account = createAccount({
      type: 'express',
      email,
      capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
    });
    if (id) {
      accounts.delete(account.id);
      account.id = id;
      accounts.set(id, account);
    }
    if (ready) applyAccountChanges(account, ONBOARDED);
    return account;
  }

  // Sets what is given and keeps the rest in step: the capabilities follow charges, a
  // disabled reason explains disabled charges, and what is due is past due when that is the reason.
  function applyAccountChanges(account: FakeAccount, changes: AccountChanges) {
    for (const flag of ['charges_enabled', 'payouts_enabled', 'details_submitted'] as const) {
      if (changes[flag] !== undefined) account[flag] = changes[flag];
    }
    const requirements = account.requirements;
    if (changes.currently_due) {
      requirements.currently_due = [...changes.currently_due];
      requirements.eventually_due = [...changes.currently_due];
    }
    const status = account.charges_enabled ? 'active' : 'inactive';
    for (const name of Object.keys(account.capabilities) as Array<keyof FakeAccount['capabilities']>)
      account.capabilities[name] = status;
    requirements.disabled_reason =
      changes.disabled_reason !== undefined
        ? changes.disabled_reason
        : account.charges_enabled
          ? null
          : (requirements.disabled_reason ?? 'requirements.past_due');
    requirements.past_due =
      requirements.disabled_reason === 'requirements.past_due' ? [...requirements.currently_due] : [];
  }

  /** Changes a connected account as Stripe would, with `account.updated` when anything changed. */
  function updateAccount(id: string, changes: AccountChanges): FakeAccount {
    const account = getOrThrow(accounts, 'account', id);
    const before = JSON.stringify(account);
    applyAccountChanges(account, changes);
    if (JSON.stringify(account) !== before) emit('account.updated', account, account.id);
    return account;
  }

  /** The account holder finished Stripe's onboarding and Stripe verified them at once, as in test mode. */
  const completeOnboarding = (id: string) => updateAccount(id, ONBOARDED);

  // The payment an object belongs to, if any: a transfer or fee through its charge.
  function intentOf(object: FakeObject): string | undefined {
    switch (object.object) {
      case 'payment_intent':
        return object.id;
      // The money's moves to the creator are Connect's, not the payment's own events.
      case 'transfer':
      case 'application_fee':
      case 'account':
      case 'transfer_reversal':
        return undefined;
      default:
        return object.payment_intent;
    }
  }

  const eventsFor = (paymentIntentId: string) =>
    events.filter(({ data: { object } }) => intentOf(object) === paymentIntentId);

  return {
    intents,
    charges,
    refundsById,
    disputes,
    accounts,
    transfers,
    transferReversals,
    applicationFees,
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
    createAccount,
    addAccount,
    updateAccount,
    completeOnboarding,
    eventsFor,
  };
}

export type Ledger = ReturnType<typeof createLedger>;
