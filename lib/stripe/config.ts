import 'server-only';

export const DEFAULT_PLATFORM_FEE_PERCENT = 5;
const DEFAULT_CURRENCY = 'usd';

/** PLATFORM_FEE_PERCENT: the platform's share of each sale, 0 to 100 with two decimals at most (5 unless set). */
export function platformFeePercent(): number {
  const raw = process.env.PLATFORM_FEE_PERCENT?.trim();
  if (!raw) return DEFAULT_PLATFORM_FEE_PERCENT;
  const percent = Number(raw);
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(raw) || percent > 100) {
    throw new Error(`PLATFORM_FEE_PERCENT must be a number from 0 to 100 with two decimals at most, not '${raw}'.`);
  }
  return percent;
}

/** STRIPE_CURRENCY: the currency of new prices, as Stripe writes it ('usd' unless set). */
export function siteCurrency(): string {
  const raw = process.env.STRIPE_CURRENCY?.trim().toLowerCase();
  if (!raw) return DEFAULT_CURRENCY;
  if (!/^[a-z]{3}$/.test(raw)) throw new Error(`STRIPE_CURRENCY must be a three-letter currency code, not '${raw}'.`);
  return raw;
}
