import { applicationFeeCents, formatPercent } from '@/lib/domain/fees';
import { formatMoney } from '@/lib/domain/money';

// What the price fields of the wizard and the edit form may offer a creator. Pure: the
// server decides it (lib/payouts/service.ts) and the forms read it.

export type Selling = {
  /** The site takes cards and the creator's Stripe account takes charges. */
  canSell: boolean;
  /** The site takes cards at all: without it, the early-access rule (Free only) stands. */
  stripeConfigured: boolean;
  feePercent: number;
  /** The currency of new prices, as Stripe writes it ('usd'). */
  currency: string;
};

/** 'You receive $11.40 of each $12.00 sale (Envolve keeps 5%).' */
export function receiveLine(priceCents: number, feePercent: number, currency: string): string {
  const kept = priceCents - applicationFeeCents(priceCents, feePercent);
  const money = (cents: number) => formatMoney(cents, currency);
  return `You receive ${money(kept)} of each ${money(priceCents)} sale (Envolve keeps ${formatPercent(feePercent)}).`;
}

/** The price input in dollars: empty is free; what is not a number is left for the schema to refuse. */
export function parsePriceInput(text: string): number {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : Number.NaN;
}
