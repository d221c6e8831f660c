import { describe, expect, it } from 'vitest';
import { checkoutDecision, type CheckoutState } from '@/lib/envolvements/rules';

const now = new Date('2026-05-01T12:00:00Z');
const base: CheckoutState = {
  priceCents: 0,
  isActive: true,
  endDate: null,
  creatorId: 'creator',
  spots: { quantity: 5, unlimited: false, currentEnvolves: 1 },
};
const decide = (overrides: Partial<CheckoutState>, viewer = 'buyer', bought = false) =>
  checkoutDecision({ ...base, ...overrides }, viewer, bought, now);

describe('checkout decision order', () => {
  it('already bought comes first, even when sold out, inactive and ended', () => {
    expect(
      decide(
        { spots: { quantity: 1, unlimited: false, currentEnvolves: 1 }, isActive: false, endDate: '2020-01-01' },
        'buyer',
        true,
      ),
    ).toBe('already_bought');
  });
  it('then sold out, before inactive and ended', () => {
    expect(
      decide({ spots: { quantity: 2, unlimited: false, currentEnvolves: 2 }, isActive: false, endDate: '2020-01-01' }),
    ).toBe('sold_out');
    expect(decide({ spots: { quantity: 0, unlimited: false, currentEnvolves: 0 } })).toBe('sold_out');
  });
  it('then inactive, before ended', () => {
    expect(decide({ isActive: false, endDate: '2020-01-01' })).toBe('inactive');
  });
  it('then a past end date', () => {
    expect(decide({ endDate: '2026-05-01T11:59:59Z' })).toBe('ended');
  });
  it("then the creator's own envolvement", () => {
    expect(decide({}, 'creator')).toBe('own');
  });
  it('then free or paid', () => {
    expect(decide({})).toBe('free');
    expect(decide({ priceCents: 499 })).toBe('paid');
    expect(decide({ spots: { quantity: 0, unlimited: true, currentEnvolves: 900 }, endDate: '2026-05-02' })).toBe(
      'free',
    );
  });
});
