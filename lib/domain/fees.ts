// The platform's share of a sale, in whole cents. Shared by the server (the fee sent to
// Stripe and kept in the ledger) and the forms that tell a creator what they receive.

/** The fee on `amountCents` at `percent` (two decimals at most), rounded half up to a cent. */
export function applicationFeeCents(amountCents: number, percent: number): number {
  // In hundredths of a percent, so 2.9% is the integer 290 and no float decides a cent.
  const basisPoints = Math.round(percent * 100);
  return Math.floor((amountCents * basisPoints + 5_000) / 10_000);
}

/**
 * How much of the fee has gone back once `refundedCents` of the payment has: in
 * proportion, as Stripe refunds an application fee, and all of it once the payment is
 * refunded in full. Taken on totals, so partial refunds never add up to a cent too many.
 */
export function feeRefundedCents(feeCents: number, amountCents: number, refundedCents: number): number {
  if (refundedCents >= amountCents) return feeCents;
  return Math.round((feeCents * refundedCents) / amountCents);
}

/** '5%', '2.5%'. */
export function formatPercent(percent: number): string {
  return `${Number(percent.toFixed(2))}%`;
}
