import { describe, expect, it } from 'vitest';
import { mayWaitForSpot, spotsOpened, waitRefusal } from '@/lib/spot-waits/rules';

const NOW = new Date('2026-11-28T12:00:00.000Z');
const full = { quantity: 2, unlimited: false, currentEnvolves: 2 };
const offer = { creatorId: 'local|maya', spots: full, endDate: null };

describe('waitRefusal', () => {
  it('lets anyone else wait on a sold-out offer, whatever its end date ahead', () => {
    expect(waitRefusal(offer, 'local|sam', false, NOW)).toBeNull();
    expect(waitRefusal({ ...offer, endDate: '2026-11-28T12:00:01.000Z' }, 'local|sam', false, NOW)).toBeNull();
  });

  it('refuses the creator, then a member, then an ended offer, then one with a spot free', () => {
    const ended = { ...offer, endDate: '2026-11-28T11:59:59.000Z' };
    expect(waitRefusal(ended, 'local|maya', true, NOW)).toBe('own');
    expect(waitRefusal(ended, 'local|sam', true, NOW)).toBe('member');
    expect(waitRefusal({ ...ended, spots: { ...full, currentEnvolves: 1 } }, 'local|sam', false, NOW)).toBe('ended');
    expect(waitRefusal({ ...offer, spots: { ...full, currentEnvolves: 1 } }, 'local|sam', false, NOW)).toBe('open');
    expect(waitRefusal({ ...offer, spots: { ...full, unlimited: true } }, 'local|sam', false, NOW)).toBe('open');
  });
});

describe('mayWaitForSpot', () => {
  const card = {
    userID: 'local|maya',
    active: true,
    removed: false,
    quantity: full,
    endDate: { endDate: null },
    purchasedBy: [] as string[],
  };

  it('offers waiting to a signed-in stranger on a published sold-out offer only', () => {
    expect(mayWaitForSpot(card, 'local|sam', NOW)).toBe(true);
    expect(mayWaitForSpot(card, null, NOW)).toBe(false);
    expect(mayWaitForSpot({ ...card, active: false }, 'local|sam', NOW)).toBe(false);
    expect(mayWaitForSpot({ ...card, removed: true }, 'local|sam', NOW)).toBe(false);
    expect(mayWaitForSpot({ ...card, purchasedBy: ['local|sam'] }, 'local|sam', NOW)).toBe(false);
    expect(mayWaitForSpot(card, 'local|maya', NOW)).toBe(false);
    expect(mayWaitForSpot({ ...card, quantity: { ...full, quantity: 3 } }, 'local|sam', NOW)).toBe(false);
  });
});

describe('spotsOpened', () => {
  it('counts the spots a change of size adds to those left; none when it takes some away', () => {
    expect(spotsOpened(full, { ...full, quantity: 4 })).toBe(2);
    expect(spotsOpened(full, { ...full, quantity: 3 })).toBe(1);
    expect(spotsOpened({ ...full, quantity: 3 }, { ...full, quantity: 4 })).toBe(1);
    expect(spotsOpened(full, full)).toBe(0);
    expect(spotsOpened({ ...full, quantity: 4 }, full)).toBe(0);
  });

  it('opens every spot when they become unlimited, and none once they were', () => {
    expect(spotsOpened(full, { ...full, unlimited: true })).toBeNull();
    expect(spotsOpened({ ...full, unlimited: true }, full)).toBe(0);
  });
});
