import { describe, expect, it } from 'vitest';
import { formatAmount, formatMoney, formatPrice, toMajorUnits } from '@/lib/domain/money';
import { offerAction, receiptLine } from '@/lib/envolvements/rules';
import { receiveLine } from '@/lib/domain/selling';
import { cardFacts } from '@/lib/seo/card-facts';

// Every amount is in its currency's smallest unit, as Stripe counts it: cents for USD and
// EUR, whole yen for JPY, thousandths for KWD, and hundredths for ISK and HUF (where Stripe
// and ISO 4217 differ).

describe('formatMoney', () => {
  it('keeps US dollars as they always read', () => {
    expect(formatMoney(499, 'usd')).toBe('$4.99');
    expect(formatMoney(1200, 'usd')).toBe('$12.00');
    expect(formatMoney(1000000, 'usd')).toBe('$10,000.00');
  });

  // Intl puts a no-break space between a currency code and the number.
  it.each([
    [0, 'usd', '$0.00'],
    [5, 'usd', '$0.05'],
    [-300, 'usd', '-$3.00'],
    [1200, 'gbp', '£12.00'],
    [1999, 'eur', '€19.99'],
    [500, 'jpy', '¥500'],
    [123456, 'JPY', '¥123,456'],
    [1234, 'kwd', 'KWD\u00a01.234'],
    [50000, 'isk', 'ISK\u00a0500'],
    [150000, 'huf', 'HUF\u00a01,500'],
  ])('shows %i of %s as %s', (cents, currency, text) => {
    expect(formatMoney(cents, currency)).toBe(text);
  });

  it('keeps the currency a formatter was made for', () => {
    expect(formatMoney(100, 'usd')).toBe('$1.00');
    expect(formatMoney(100, 'eur')).toBe('€1.00');
    expect(formatMoney(100, 'usd')).toBe('$1.00');
  });
});

describe('formatPrice', () => {
  it("says 'Free' for zero, else the amount in the offer's currency", () => {
    expect(formatPrice(0, 'eur')).toBe('Free');
    expect(formatPrice(499, 'usd')).toBe('$4.99');
    expect(formatPrice(499, 'eur')).toBe('€4.99');
    expect(formatPrice(800, 'jpy')).toBe('¥800');
  });
});

describe('toMajorUnits and formatAmount', () => {
  it('count whole units as the currency does', () => {
    expect(toMajorUnits(1250, 'usd')).toBe(12.5);
    expect(toMajorUnits(500, 'jpy')).toBe(500);
    expect(toMajorUnits(1234, 'KWD')).toBe(1.234);
    expect(toMajorUnits(50000, 'isk')).toBe(500);
  });

  it('write a plain number for a spreadsheet: no symbol, no grouping, the sign kept', () => {
    expect(formatAmount(123450, 'usd')).toBe('1234.50');
    expect(formatAmount(-300, 'eur')).toBe('-3.00');
    expect(formatAmount(0, 'eur')).toBe('0.00');
    expect(formatAmount(1234567, 'jpy')).toBe('1234567');
    expect(formatAmount(1234, 'kwd')).toBe('1.234');
  });
});

describe("the rules' texts in the offer's currency", () => {
  const offer = {
    _id: 'e1',
    priceCents: 1200,
    currency: 'eur',
    userID: 'u1',
    purchasedBy: [] as string[],
    active: true,
    removed: false,
    quantity: { quantity: 0, unlimited: true, currentEnvolves: 0 },
    endDate: { endDate: null, none: true },
  };

  it("labels the action 'Pay €12.00', with or without card payments", () => {
    expect(offerAction(offer, { viewerId: 'u2', cardPayments: true })).toEqual({
      kind: 'go',
      label: 'Pay €12.00',
      href: '/payment/e1',
    });
    expect(offerAction({ ...offer, currency: 'jpy' }, { viewerId: 'u2', cardPayments: false })).toMatchObject({
      kind: 'disabled',
      label: 'Pay ¥1,200',
    });
  });

  it("writes the receipt and the creator's share in the currency paid", () => {
    const paid = {
      free: false,
      amountCents: 1200,
      currency: 'eur',
      joinedAt: '2026-11-25T10:00:00.000Z',
      paidAt: null,
      paymentStatus: 'succeeded' as const,
    };
    expect(receiptLine(paid, 'maya')).toBe('Paid €12.00 to @maya on Nov 25, 2026 · Paid');
    expect(receiveLine(1200, 5, 'eur')).toBe('You receive €11.40 of each €12.00 sale (Envolve keeps 5%).');
    expect(receiveLine(1200, 5, 'usd')).toBe('You receive $11.40 of each $12.00 sale (Envolve keeps 5%).');
  });

  it('states the price on a share image in its currency', () => {
    const row = { priceCents: 1250, currency: 'eur', quantity: 0, unlimited: true, currentCount: 0, endDate: null };
    expect(cardFacts(row)).toEqual(['€12.50', 'Unlimited']);
    expect(cardFacts({ ...row, priceCents: 0 })[0]).toBe('Free');
  });
});
