import { afterEach, describe, expect, it } from 'vitest';
import { applicationFeeCents, feeRefundedCents, formatPercent } from '@/lib/domain/fees';
import { receiveLine } from '@/lib/domain/selling';
import { DEFAULT_PLATFORM_FEE_PERCENT, platformFeePercent, siteCurrency } from '@/lib/stripe/config';

describe('applicationFeeCents', () => {
  it('takes the percentage of the amount in whole cents', () => {
    expect(applicationFeeCents(1200, 5)).toBe(60);
    expect(applicationFeeCents(1000, 0)).toBe(0);
    expect(applicationFeeCents(1000, 100)).toBe(1000);
    expect(applicationFeeCents(1_000_000, 5)).toBe(50_000);
  });

  it('rounds a half cent up and anything less down', () => {
    expect(applicationFeeCents(50, 5)).toBe(3); // 2.5
    expect(applicationFeeCents(1010, 5)).toBe(51); // 50.5
    expect(applicationFeeCents(100, 2.5)).toBe(3); // 2.5
    expect(applicationFeeCents(1999, 5)).toBe(100); // 99.95
    expect(applicationFeeCents(1009, 5)).toBe(50); // 50.45
    expect(applicationFeeCents(1, 49.99)).toBe(0); // 0.4999
  });

  it('reads two-decimal percentages exactly, without float drift', () => {
    // 2.9% of 10.00 is 29 cents; 0.29 * 100 is 28.999999999999996 in floating point.
    expect(applicationFeeCents(1000, 2.9)).toBe(29);
    expect(applicationFeeCents(1000, 0.29)).toBe(3);
    expect(applicationFeeCents(700, 14.35)).toBe(100); // 100.45
  });
});

describe('feeRefundedCents', () => {
  it('gives back the fee in the refund’s proportion, and all of it once the payment is refunded in full', () => {
    expect(feeRefundedCents(100, 1999, 0)).toBe(0);
    expect(feeRefundedCents(100, 1999, 1000)).toBe(50);
    expect(feeRefundedCents(100, 1999, 1999)).toBe(100);
    expect(feeRefundedCents(60, 1200, 500)).toBe(25);
  });

  it('works on totals, so refunds in parts never return more than the fee', () => {
    const totals = [333, 666, 999, 1200];
    const parts = totals.map(
      (total, i) => feeRefundedCents(61, 1200, total) - feeRefundedCents(61, 1200, totals[i - 1] ?? 0),
    );
    expect(parts.reduce((a, b) => a + b, 0)).toBe(61);
  });
});

describe('formatPercent and receiveLine', () => {
  it('says what the creator keeps of a sale', () => {
    expect(formatPercent(5)).toBe('5%');
    expect(formatPercent(2.5)).toBe('2.5%');
    expect(receiveLine(1200, 5, 'usd')).toBe('You receive $11.40 of each $12.00 sale (Envolve keeps 5%).');
    expect(receiveLine(50, 5, 'usd')).toBe('You receive $0.47 of each $0.50 sale (Envolve keeps 5%).');
  });
});

describe('platform configuration', () => {
  const saved = { fee: process.env.PLATFORM_FEE_PERCENT, currency: process.env.STRIPE_CURRENCY };
  afterEach(() => {
    process.env.PLATFORM_FEE_PERCENT = saved.fee;
    process.env.STRIPE_CURRENCY = saved.currency;
    if (saved.fee === undefined) delete process.env.PLATFORM_FEE_PERCENT;
    if (saved.currency === undefined) delete process.env.STRIPE_CURRENCY;
  });

  it('takes 5% and US dollars unless told otherwise', () => {
    delete process.env.PLATFORM_FEE_PERCENT;
    delete process.env.STRIPE_CURRENCY;
    expect(platformFeePercent()).toBe(DEFAULT_PLATFORM_FEE_PERCENT);
    expect(DEFAULT_PLATFORM_FEE_PERCENT).toBe(5);
    expect(siteCurrency()).toBe('usd');
  });

  it('reads PLATFORM_FEE_PERCENT from 0 to 100 with two decimals at most', () => {
    for (const [raw, percent] of [
      ['0', 0],
      ['2.5', 2.5],
      ['12.75', 12.75],
      ['100', 100],
      [' 7 ', 7],
    ] as const) {
      process.env.PLATFORM_FEE_PERCENT = raw;
      expect(platformFeePercent()).toBe(percent);
    }
    for (const raw of ['-1', '100.01', '101', '2.555', 'five', '1e1', '0x10']) {
      process.env.PLATFORM_FEE_PERCENT = raw;
      expect(() => platformFeePercent()).toThrow(/PLATFORM_FEE_PERCENT must be a number from 0 to 100/);
    }
  });

  it('reads STRIPE_CURRENCY as a lower-case three-letter code', () => {
    process.env.STRIPE_CURRENCY = 'EUR';
    expect(siteCurrency()).toBe('eur');
    process.env.STRIPE_CURRENCY = 'euro';
    expect(() => siteCurrency()).toThrow(/three-letter currency code/);
  });
});
