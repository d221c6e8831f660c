// How a payment's ledger status may move. Pure: the ledger, the webhook, reconciliation and
// the tests share it. Stripe delivers events late, twice and out of order, so every change
// is checked against where the payment already is: a change that would move it backwards
// (a stale 'succeeded' after a refund) is refused, and nothing leaves a final state.
import {
  LIVE_PAYMENT_STATUSES,
  OPEN_PAYMENT_STATUSES,
  type PaymentStatus,
  type RefundReason,
} from '@/lib/domain/payment-status';

export type IntentStatus = 'requires_payment' | 'processing' | 'succeeded' | 'failed' | 'canceled';

/** What Stripe says happened to a payment. */
export type LedgerChange =
  | { kind: 'intent'; status: IntentStatus }
  | { kind: 'refunded'; amountRefundedCents: number }
  | { kind: 'dispute_opened' }
  | { kind: 'dispute_closed'; won: boolean };

export type LedgerState = { status: PaymentStatus; amountCents: number; amountRefundedCents: number };

export type LedgerMove = { outcome: 'moved' | 'unchanged' | 'refused'; state: LedgerState };

const FINAL: readonly PaymentStatus[] = ['refunded', 'canceled', 'dispute_lost'];

export function isOpen(status: PaymentStatus): boolean {
  return (OPEN_PAYMENT_STATUSES as readonly PaymentStatus[]).includes(status);
}

export function isFinal(status: PaymentStatus): boolean {
  return FINAL.includes(status);
}

/** Card access exists only while its payment is succeeded or partially refunded. */
export function grantsAccess(status: PaymentStatus): boolean {
  return (LIVE_PAYMENT_STATUSES as readonly PaymentStatus[]).includes(status);
}

/** Whether the money of a payment in this status arrived at some point (a refund or dispute proves it did). */
export function isPaid(status: PaymentStatus): boolean {
  return !isOpen(status) && status !== 'canceled';
}

// Moves an open intent may make: a failed attempt can be retried on the same intent.
const INTENT_MOVES: Record<'requires_payment' | 'processing' | 'failed', readonly IntentStatus[]> = {
  requires_payment: ['processing', 'succeeded', 'failed', 'canceled'],
  processing: ['succeeded', 'failed', 'canceled'],
  failed: ['processing', 'succeeded', 'canceled'],
};

function nextStatus(state: LedgerState, change: LedgerChange, amountRefundedCents: number): PaymentStatus | null {
  const { status } = state;
  switch (change.kind) {
    case 'intent': {
      if (change.status === status) return status;
      if (!isOpen(status)) return null;
      return INTENT_MOVES[status as keyof typeof INTENT_MOVES].includes(change.status) ? change.status : null;
    }
    case 'refunded': {
      if (status === 'canceled' || status === 'dispute_lost') return null;
      // A refund proves the payment succeeded, even when its 'succeeded' event is still on its way.
      if (amountRefundedCents >= state.amountCents) return 'refunded';
      return status === 'disputed' ? 'disputed' : 'partially_refunded';
    }
    case 'dispute_opened':
      if (status === 'disputed') return status;
      return isFinal(status) ? null : 'disputed';
    case 'dispute_closed': {
      // A charge has one dispute and Stripe closes it once: reading that close again says
      // nothing new, and a 'won' after 'lost' would hand back money that already went back.
      if (status === 'dispute_lost') return change.won ? null : status;
      if (isFinal(status)) return change.won ? status : null;
      if (!change.won) return 'dispute_lost';
      if (status === 'disputed' || isOpen(status)) return amountRefundedCents > 0 ? 'partially_refunded' : 'succeeded';
      return status;
    }
  }
}

/** Where `change` takes a payment at `state`; 'refused' leaves it where it is. */
export function applyLedgerChange(state: LedgerState, change: LedgerChange): LedgerMove {
  let amountRefundedCents = state.amountRefundedCents;
  if (change.kind === 'refunded') {
    // Stripe reports the total refunded so far: it only grows, and never past the amount.
    amountRefundedCents = Math.min(state.amountCents, Math.max(amountRefundedCents, change.amountRefundedCents));
    if (amountRefundedCents === state.amountRefundedCents) return { outcome: 'unchanged', state };
  }
  const status = nextStatus(state, change, amountRefundedCents);
  if (status === null) return { outcome: 'refused', state };
  const same = status === state.status && amountRefundedCents === state.amountRefundedCents;
  return { outcome: same ? 'unchanged' : 'moved', state: { ...state, status, amountRefundedCents } };
}

/** Stripe's PaymentIntent status in the ledger's words. */
export function intentStatusOf(intent: { status: string; last_payment_error?: unknown }): IntentStatus {
  switch (intent.status) {
    case 'succeeded':
      return 'succeeded';
    case 'processing':
      return 'processing';
    case 'canceled':
      return 'canceled';
    case 'requires_payment_method':
      return intent.last_payment_error ? 'failed' : 'requires_payment';
    default:
      return 'requires_payment';
  }
}

/** The buyer-facing sentence for an automatic or creator refund. */
export const REFUND_REASON_TEXT: Record<RefundReason, string> = {
  already_joined: 'You had already joined, so this payment was refunded.',
  sold_out: 'The last spot went while you were paying, so this payment was refunded.',
  inactive: 'The creator paused this envolvement while you were paying, so this payment was refunded.',
  ended: 'The purchase period ended while you were paying, so this payment was refunded.',
  own: 'You cannot join your own envolvement, so this payment was refunded.',
  removed: 'This envolvement was removed by its creator, so this payment was refunded.',
  amount_mismatch: 'The amount paid did not match the price offered, so this payment was refunded.',
  price_changed: 'The creator changed the price while you were paying, so this payment was refunded.',
  creator: 'The creator refunded this payment.',
  account_deleted: 'The account that paid was deleted, so this payment was refunded.',
};

/** How a payment's state reads in the creator's member list. */
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  requires_payment: 'Awaiting payment',
  processing: 'Processing',
  succeeded: 'Paid',
  partially_refunded: 'Partially refunded',
  refunded: 'Refunded',
  failed: 'Payment failed',
  canceled: 'Canceled',
  disputed: 'Disputed',
  dispute_lost: 'Dispute lost',
};
