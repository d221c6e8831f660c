// The states of a card payment on the ledger, and why the app refunds one. Pure values:
// the tables use them for their enums and the rules in lib/payments for their moves.

export const PAYMENT_STATUSES = [
  'requires_payment',
  'processing',
  'succeeded',
  'partially_refunded',
  'refunded',
  'failed',
  'canceled',
  'disputed',
  'dispute_lost',
] as const;

export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** An intent the buyer can still pay (a failed attempt can be retried on the same intent). */
export const OPEN_PAYMENT_STATUSES = [
  'requires_payment',
  'processing',
  'failed',
] as const satisfies readonly PaymentStatus[];

/** Card access exists only while its payment is in one of these. */
export const LIVE_PAYMENT_STATUSES = ['succeeded', 'partially_refunded'] as const satisfies readonly PaymentStatus[];

/** Why the app refunded a payment in full. */
export const REFUND_REASONS = [
  'already_joined',
  'sold_out',
  'inactive',
  'ended',
  'own',
  'removed',
  'amount_mismatch',
  'price_changed',
  'creator',
  'account_deleted',
] as const;

export type RefundReason = (typeof REFUND_REASONS)[number];

/** Why a membership ended: its money went back to the buyer. */
export const PURCHASE_END_REASONS = ['refunded', 'dispute_lost'] as const;

export type PurchaseEndReason = (typeof PURCHASE_END_REASONS)[number];
