import { describe, expect, it } from 'vitest';
import { formatMoney } from '@/lib/domain/money';

describe('formatMoney', () => {
  it.each([
    [0, 'usd', '$0.00'],
    [5, 'usd', '$0.05'],
    [123450, 'usd', '$1,234.50'],
    [-300, 'usd', '-$3.00'],
    [1200, 'EUR', '€12.00'],
    [1200, 'gbp', '£12.00'],
    [500, 'jpy', '¥500'],
  ])('shows %i cents of %s as %s', (cents, currency, text) => {
    expect(formatMoney(cents, currency)).toBe(text);
  });

  it('keeps the currency a formatter was made for', () => {
    expect(formatMoney(100, 'usd')).toBe('$1.00');
    expect(formatMoney(100, 'eur')).toBe('€1.00');
    expect(formatMoney(100, 'usd')).toBe('$1.00');
  });
});
