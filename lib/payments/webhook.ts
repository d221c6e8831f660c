import 'server-only';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { db } from '@/lib/db/client';
import { AppError } from '@/lib/http/errors';
import { paymentEvents } from '@/models';
import type { Paid } from './fulfil';
import { moveLedger } from './ledger';
import { intentStatusOf, type LedgerChange } from '@/lib/domain/ledger-rules';
import { paidOf, settlePayment } from './sync';
import { getStripe, webhookSecret } from '@/lib/stripe/client';
import { syncAccount } from '@/lib/payouts/service';
import { payoutStateKind } from '@/lib/payouts/state';

// Stripe refuses signatures older than this; a timestamp this far in the future is no
// better (a clock attack, or a header forged for later replay).
const TOLERANCE_SECONDS = 300;

// Stripe's ids are a prefix and letters, digits and underscores. A signed body can still
// carry anything (a NUL that PostgreSQL cannot store, say): such an id names nothing.
const STRIPE_ID = /^[A-Za-z0-9_]{1,255}$/;
const MALFORMED = 'Malformed Stripe event';

function signedAt(signature: string): number | null {
  const t = /(?:^|,)\s*t=(\d{1,12})(?:,|$)/.exec(signature)?.[1];
  return t ? Number(t) : null;
}

/** Verifies the signature of the raw body and the event's shape; anything else is a 400. */
export function verifyEvent(rawBody: string, signature: string | null, now = Date.now()): Stripe.Event {
  const secret = webhookSecret();
  if (!signature) throw new AppError('bad_request', 'Missing Stripe signature');
  const at = signedAt(signature);
  if (at !== null && Math.abs(now / 1000 - at) > TOLERANCE_SECONDS) {
    throw new AppError('bad_request', 'Stripe signature timestamp is outside the tolerance');
  }
  // Events of connected accounts (account.updated) come to a Connect endpoint, which Stripe
  // signs with a secret of its own.
  const secrets = [secret, process.env.STRIPE_CONNECT_WEBHOOK_SECRET].filter((s): s is string => Boolean(s));
  let event: Stripe.Event | undefined;
  for (const candidate of secrets) {
    try {
      event = getStripe().webhooks.constructEvent(rawBody, signature, candidate, TOLERANCE_SECONDS);
      break;
    } catch {
      // The next secret, if any.
    }
  }
  if (event === undefined) throw new AppError('bad_request', 'Invalid Stripe signature');
  // The signature proves who sent the body, not that it is an event: `null` parses too.
  if (typeof event !== 'object' || event === null || Array.isArray(event)) throw new AppError('bad_request', MALFORMED);
  const data: unknown = event.data;
  if (
    typeof event.id !== 'string' ||
    !STRIPE_ID.test(event.id) ||
    typeof event.type !== 'string' ||
    typeof data !== 'object' ||
    data === null ||
    !('object' in data) ||
    typeof data.object !== 'object' ||
    data.object === null
  ) {
    throw new AppError('bad_request', MALFORMED);
  }
  return event;
}

type Reading = { paymentIntentId: string | null; change: LedgerChange | null; paid: Paid | null };

/** The id an event names (as a string, or an expanded object's), null when none; a malformed one is refused. */
function idOf(ref: unknown): string | null {
  const id = typeof ref === 'string' ? ref : typeof ref === 'object' && ref !== null && 'id' in ref ? ref.id : null;
  if (typeof id !== 'string') return null;
  if (!STRIPE_ID.test(id)) throw new AppError('bad_request', MALFORMED);
  return id;
}

type IntentEvent =
  | Stripe.PaymentIntentSucceededEvent
  | Stripe.PaymentIntentProcessingEvent
  | Stripe.PaymentIntentCanceledEvent
  | Stripe.PaymentIntentPaymentFailedEvent;
type DisputeEvent = Stripe.ChargeDisputeCreatedEvent | Stripe.ChargeDisputeClosedEvent;

// A signed event is Stripe's, but its fields are checked all the same: an object that
// lacks the amount reads as no amount, not as a payment of nothing.
function readIntent(event: IntentEvent): Reading {
  const intent = event.data.object;
  const status = event.type === 'payment_intent.payment_failed' ? 'failed' : intentStatusOf(intent);
  const paid = typeof intent.amount === 'number' && typeof intent.currency === 'string' ? paidOf(intent) : null;
  return { paymentIntentId: idOf(intent.id), change: { kind: 'intent', status }, paid };
}

function readRefund(event: Stripe.ChargeRefundedEvent): Reading {
  const charge = event.data.object;
  const amount = Number(charge.amount_refunded);
  const paid = typeof charge.amount === 'number' ? { amountCents: charge.amount, currency: charge.currency } : null;
  return {
    paymentIntentId: idOf(charge.payment_intent),
    change: Number.isFinite(amount) ? { kind: 'refunded', amountRefundedCents: amount } : null,
    paid,
  };
}

function readDispute(event: DisputeEvent): Reading {
  const dispute = event.data.object;
  const change: LedgerChange =
    event.type === 'charge.dispute.created'
      ? { kind: 'dispute_opened' }
      : { kind: 'dispute_closed', won: dispute.status !== 'lost' };
  return { paymentIntentId: idOf(dispute.payment_intent), change, paid: null };
}

// What an event says about which payment, in the ledger's words. Events the ledger does
// not follow read as no change.
function read(event: Stripe.Event): Reading {
  switch (event.type) {
    case 'payment_intent.succeeded':
    case 'payment_intent.processing':
    case 'payment_intent.canceled':
    case 'payment_intent.payment_failed':
      return readIntent(event);
    case 'charge.refunded':
      return readRefund(event);
    case 'charge.dispute.created':
    case 'charge.dispute.closed':
      return readDispute(event);
    default:
      return { paymentIntentId: null, change: null, paid: null };
  }
}

// A connected account changed: what Stripe says of it now is stored, whatever order the
// events arrive in.
async function applyAccountEvent(event: Stripe.AccountUpdatedEvent): Promise<string> {
  const id = idOf(event.data.object);
  if (!id) return 'ignored: no account';
  const row = await syncAccount(id);
  if (!row) return 'ignored: unknown account';
  return `account: ${payoutStateKind(row)}`;
}

/** Applies an event to the ledger and settles what it makes due; the outcome is stored with the event. */
async function apply(event: Stripe.Event, reading: Reading): Promise<string> {
  if (event.type === 'account.updated') return applyAccountEvent(event);
  if (!reading.change) return 'ignored';
  if (!reading.paymentIntentId) return 'ignored: no payment intent';
  const moved = await moveLedger(reading.paymentIntentId, reading.change, `event:${event.id}`);
  if (!moved) return 'ignored: unknown payment';
  const { move, payment: before } = moved;
  const payment = await settlePayment(before.id, reading.paid);
  const parts = [
    move.outcome === 'refused'
      ? `refused ${before.status} → ${reading.change.kind}`
      : `${move.outcome}: ${move.state.status}`,
  ];
  if (payment?.refundReason) parts.push(`refund: ${payment.refundReason}`);
  return parts.join('; ');
}

/**
 * Handles an event once: its id is recorded first, so a replay, a duplicate or a
 * concurrent delivery of the same event finds it taken and does nothing. A signed event
 * that names nothing the app knows is recorded and answered 200, so Stripe does not
 * retry it for days; only a failure on our side (database, Stripe unreachable) answers
 * 500 and leaves the event to Stripe's retry.
 */
export async function handleEvent(event: Stripe.Event): Promise<{ duplicate: boolean; outcome: string }> {
  const reading = read(event);
  const [claimed] = await db()
    .insert(paymentEvents)
    .values({
      id: event.id,
      type: event.type,
      paymentIntentId: reading.paymentIntentId,
      outcome: 'processing',
    })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  if (!claimed) return { duplicate: true, outcome: 'duplicate' };
  try {
    const outcome = await apply(event, reading);
    await db().update(paymentEvents).set({ outcome }).where(eq(paymentEvents.id, event.id));
    return { duplicate: false, outcome };
  } catch (error) {
    await db().delete(paymentEvents).where(eq(paymentEvents.id, event.id));
    throw error;
  }
}
