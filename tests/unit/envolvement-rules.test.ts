import { describe, expect, it } from 'vitest';
import {
  centsToDollars,
  checkoutDecision,
  daysLeft,
  daysLeftLabel,
  dollarsToCents,
  isPastDeadline,
  mayReadActivity,
  OFFER_BADGES,
  offerAction,
  offerStatus,
  maySee,
  membershipMark,
  profileSlug,
  spotsLabel,
  spotsLeft,
  visibilityFor,
} from '@/lib/envolvements/rules';
import { formatPrice } from '@/lib/domain/money';

const now = new Date('2026-01-10T12:00:00Z');
const inHours = (h: number) => new Date(now.getTime() + h * 3600_000).toISOString();

describe('daysLeftLabel', () => {
  it("says 'No Deadline' without an end date", () => {
    expect(daysLeftLabel({ endDate: null, none: true }, now)).toBe('No Deadline');
    expect(daysLeftLabel({ endDate: inHours(48), none: true }, now)).toBe('No Deadline');
  });
  it('counts whole days, rounding down, with Day for 0 and 1', () => {
    expect(daysLeftLabel({ endDate: inHours(5), none: false }, now)).toBe('0 Day');
    expect(daysLeftLabel({ endDate: inHours(24), none: false }, now)).toBe('1 Day');
    expect(daysLeftLabel({ endDate: inHours(47), none: false }, now)).toBe('1 Day');
    expect(daysLeftLabel({ endDate: inHours(48), none: false }, now)).toBe('2 Days');
  });
  it('says Ended after the end date', () => {
    expect(daysLeftLabel({ endDate: inHours(-1), none: false }, now)).toBe('Ended');
  });
});

describe('spots', () => {
  it('says the spots left in words: of the total, one, sold out or unlimited', () => {
    expect(spotsLabel({ quantity: 10, unlimited: false, currentEnvolves: 2 })).toBe('8 of 10 spots left');
    expect(spotsLabel({ quantity: 10, unlimited: false, currentEnvolves: 0 })).toBe('10 of 10 spots left');
    expect(spotsLabel({ quantity: 10, unlimited: false, currentEnvolves: 9 })).toBe('1 spot left');
    expect(spotsLabel({ quantity: 1, unlimited: false, currentEnvolves: 0 })).toBe('1 spot left');
    expect(spotsLabel({ quantity: 1, unlimited: false, currentEnvolves: 1 })).toBe('Sold out');
    expect(spotsLabel({ quantity: 5, unlimited: false, currentEnvolves: 7 })).toBe('Sold out');
    expect(spotsLabel({ quantity: 0, unlimited: false, currentEnvolves: 0 })).toBe('Sold out');
    expect(spotsLabel({ quantity: 0, unlimited: true, currentEnvolves: 0 })).toBe('Unlimited');
    expect(spotsLabel({ quantity: 0, unlimited: true, currentEnvolves: 7 })).toBe('Unlimited');
  });
  it('counts spots left, never below zero, and none when unlimited', () => {
    expect(spotsLeft({ quantity: 5, unlimited: false, currentEnvolves: 5 })).toBe(0);
    expect(spotsLeft({ quantity: 2, unlimited: false, currentEnvolves: 3 })).toBe(0);
    expect(spotsLeft({ quantity: 2, unlimited: true, currentEnvolves: 3 })).toBeNull();
  });
});

describe('offerAction', () => {
  const open = {
    _id: 'e1',
    priceCents: 0,
    currency: 'usd',
    userID: 'u1',
    purchasedBy: [] as string[],
    active: true,
    removed: false,
    quantity: { quantity: 5, unlimited: false, currentEnvolves: 2 },
    endDate: { endDate: inHours(72), none: false },
  };
  const signedIn = { viewerId: 'u2', cardPayments: true };
  it('tells the creator it is theirs, even if they somehow bought it, whatever its state', () => {
    const own = {
      kind: 'disabled',
      label: 'This is your Envolvement',
      reason: 'You cannot join your own envolvement.',
    };
    expect(offerAction({ ...open, purchasedBy: ['u1'] }, { viewerId: 'u1', cardPayments: true }, now)).toEqual(own);
    expect(offerAction({ ...open, active: false }, { viewerId: 'u1', cardPayments: false }, now)).toEqual(own);
  });
  it("says 'Already Joined' to a member, even once it is sold out or ended", () => {
    const joined = { kind: 'disabled', label: 'Already Joined', reason: 'You are a member of this envolvement.' };
    expect(offerAction({ ...open, purchasedBy: ['u2'] }, signedIn, now)).toEqual(joined);
    const full = { ...open, purchasedBy: ['u2'], quantity: { quantity: 1, unlimited: false, currentEnvolves: 1 } };
    expect(offerAction(full, signedIn, now)).toEqual(joined);
  });
  it("offers 'Join for Free' in one click (the checkout for a browser without script) or 'Pay $x' linking to checkout", () => {
    expect(offerAction(open, signedIn, now)).toEqual({
      kind: 'join',
      label: 'Join for Free',
      href: '/payment/e1',
      envolvementId: 'e1',
    });
    expect(offerAction({ ...open, priceCents: 499 }, signedIn, now)).toEqual({
      kind: 'go',
      label: 'Pay $4.99',
      href: '/payment/e1',
    });
  });
  it('asks a visitor to sign in and come back to the same checkout', () => {
    expect(offerAction({ ...open, priceCents: 499 }, { viewerId: null, cardPayments: true }, now)).toEqual({
      kind: 'go',
      label: 'Sign in to join',
      href: '/login?callbackUrl=%2Fpayment%2Fe1',
    });
  });
  it('refuses with the reason when nobody can join: sold out, draft, ended, removed', () => {
    const soldOut = { ...open, quantity: { quantity: 2, unlimited: false, currentEnvolves: 2 } };
    expect(offerAction(soldOut, signedIn, now)).toEqual({
      kind: 'disabled',
      label: 'Sold out',
      reason: 'Every spot has been taken.',
    });
    expect(offerAction({ ...open, active: false }, { viewerId: null, cardPayments: true }, now)).toEqual({
      kind: 'disabled',
      label: 'Not published',
      reason: 'The creator has not published this envolvement yet.',
    });
    expect(offerAction({ ...open, endDate: { endDate: inHours(-1), none: false } }, signedIn, now)).toEqual({
      kind: 'disabled',
      label: 'Ended',
      reason: 'This envolvement is past the purchasable date.',
    });
    expect(offerAction({ ...open, removed: true, purchasedBy: [] }, signedIn, now)).toMatchObject({
      kind: 'disabled',
      label: 'Removed by the creator',
    });
  });
  it('does not offer to pay where the site takes no card payments, and still lets people join free ones', () => {
    const noCards = { viewerId: 'u2', cardPayments: false };
    expect(offerAction({ ...open, priceCents: 4999 }, noCards, now)).toEqual({
      kind: 'disabled',
      label: 'Pay $49.99',
      reason: 'Card payments are not available on this site yet.',
    });
    expect(offerAction(open, noCards, now)).toMatchObject({ kind: 'join', label: 'Join for Free' });
  });
  it('ends on the end date itself, not a day later', () => {
    expect(offerAction({ ...open, endDate: { endDate: inHours(1), none: false } }, signedIn, now).kind).toBe('join');
    expect(offerAction({ ...open, endDate: { endDate: null, none: true } }, signedIn, now).kind).toBe('join');
  });
});

describe('offerStatus', () => {
  const base = {
    active: true,
    removed: false,
    quantity: { quantity: 0, unlimited: true, currentEnvolves: 9 },
    endDate: { endDate: null, none: true },
  };
  it('orders removed, sold out, draft, ended, open, and names each badge', () => {
    expect(offerStatus(base, now)).toBe('open');
    expect(offerStatus({ ...base, active: false }, now)).toBe('draft');
    expect(offerStatus({ ...base, endDate: { endDate: inHours(-30), none: false } }, now)).toBe('ended');
    const full = { ...base, active: false, quantity: { quantity: 1, unlimited: false, currentEnvolves: 1 } };
    expect(offerStatus(full, now)).toBe('sold_out');
    expect(offerStatus({ ...full, removed: true }, now)).toBe('removed');
    expect(OFFER_BADGES).toEqual({ draft: 'Draft', removed: 'Removed', sold_out: 'Sold out', ended: 'Ended' });
  });
});

describe('removed envolvements', () => {
  const membership = { joinedAt: '2026-01-01T00:00:00Z' };
  it('stay visible to their creator and to anyone who joined, and to nobody else', () => {
    expect(maySee({ removed: false, active: true, userID: 'c', membership: null }, null)).toBe(true);
    expect(maySee({ removed: true, active: true, userID: 'c', membership: null }, 'c')).toBe(true);
    expect(maySee({ removed: true, active: true, userID: 'c', membership }, 'm')).toBe(true);
    expect(maySee({ removed: true, active: true, userID: 'c', membership: null }, 'someone')).toBe(false);
    expect(maySee({ removed: true, active: true, userID: 'c', membership: null }, null)).toBe(false);
  });
});

describe('visibilityFor', () => {
  const member = { joinedAt: '2026-01-01T00:00:00Z' };
  it('shows a published envolvement, answers a hidden draft 404 and a removed one 410', () => {
    expect(visibilityFor({ removed: false, active: true, userID: 'c', membership: null }, null)).toBe('visible');
    expect(visibilityFor({ removed: false, active: false, userID: 'c', membership: null }, 'x')).toBe('not_found');
    expect(visibilityFor({ removed: true, active: false, userID: 'c', membership: null }, 'x')).toBe('gone');
    expect(visibilityFor({ removed: true, active: false, userID: 'c', membership: member }, 'm')).toBe('visible');
    expect(visibilityFor({ removed: false, active: false, userID: 'c', membership: null }, 'c')).toBe('visible');
  });
});

describe('drafts', () => {
  const draft = { removed: false, active: false, userID: 'c', membership: null };
  it('are seen by their creator and by people who joined before it was unpublished, by nobody else', () => {
    expect(maySee(draft, 'c')).toBe(true);
    expect(maySee({ ...draft, membership: { joinedAt: '2026-01-01T00:00:00Z' } }, 'm')).toBe(true);
    expect(maySee(draft, 'someone')).toBe(false);
    expect(maySee(draft, null)).toBe(false);
  });
});

describe('membershipMark', () => {
  const free = { free: true, endReason: null, paymentStatus: null } as const;
  const paid = { free: false, endReason: null, paymentStatus: 'succeeded' } as const;
  it('marks nothing on a membership in good standing', () => {
    expect(membershipMark(false, free)).toBeNull();
    expect(membershipMark(false, paid)).toBeNull();
    expect(membershipMark(false, null)).toBeNull();
    expect(membershipMark(true, null)).toBe('Removed by the creator');
    expect(membershipMark(false, null)).toBeNull();
  });
  it('says what happened to the money', () => {
    expect(membershipMark(false, { ...paid, endReason: 'refunded', paymentStatus: 'refunded' })).toBe('Refunded');
    expect(membershipMark(false, { ...paid, endReason: 'dispute_lost', paymentStatus: 'dispute_lost' })).toBe(
      'Payment reversed',
    );
    expect(membershipMark(false, { ...paid, paymentStatus: 'disputed' })).toBe('Payment disputed');
  });
  it('says a removed envolvement was removed, and whether the member was refunded or joined for free', () => {
    expect(membershipMark(true, { ...paid, endReason: 'refunded', paymentStatus: 'refunded' })).toBe(
      'Removed by the creator · Refunded',
    );
    expect(membershipMark(true, free)).toBe('Removed by the creator · Free');
    expect(membershipMark(true, paid)).toBe('Removed by the creator · Refund pending');
  });
});

describe('formatting', () => {
  it('formats cents as dollars or Free', () => {
    expect(formatPrice(0, 'usd')).toBe('Free');
    expect(formatPrice(5, 'usd')).toBe('$0.05');
    expect(formatPrice(2999, 'usd')).toBe('$29.99');
  });
  it('uses the part after the bar for profile links', () => {
    expect(profileSlug('auth0|abc')).toBe('abc');
    expect(profileSlug('plain')).toBe('plain');
  });
});

describe('who reads the activity', () => {
  const held = { free: true, endReason: null, paymentStatus: null } as const;
  const paid = (paymentStatus: string) => ({ free: false, endReason: null, paymentStatus });
  it('is the creator and members in good standing', () => {
    expect(mayReadActivity('c', 'c', null)).toBe(true);
    expect(mayReadActivity('c', 'm', held)).toBe(true);
    expect(mayReadActivity('c', 'm', paid('succeeded'))).toBe(true);
    expect(mayReadActivity('c', 'm', paid('partially_refunded'))).toBe(true);
  });
  it('is nobody else: visitors, strangers, ended or unsettled memberships', () => {
    expect(mayReadActivity('c', null, held)).toBe(false);
    expect(mayReadActivity('c', 's', null)).toBe(false);
    expect(mayReadActivity('c', 'm', { ...held, endReason: 'refunded' })).toBe(false);
    for (const status of ['disputed', 'refunded', 'processing', 'requires_payment']) {
      expect(mayReadActivity('c', 'm', paid(status))).toBe(false);
    }
  });
  it('never lets a visitor see a removed envolvement through an empty id', () => {
    expect(maySee({ removed: true, active: true, userID: 'c', membership: { joinedAt: 'x' } }, null)).toBe(false);
  });
});

describe('dates', () => {
  it('has a deadline pass only after its moment', () => {
    expect(isPastDeadline(null, now)).toBe(false);
    expect(isPastDeadline(inHours(-1), now)).toBe(true);
    expect(isPastDeadline(now.toISOString(), now)).toBe(false);
    expect(isPastDeadline(inHours(1), now)).toBe(false);
  });
  it('counts whole days left, none for no end date', () => {
    expect(daysLeft({ endDate: null, none: true }, now)).toBeNull();
    expect(daysLeft({ endDate: inHours(30), none: false }, now)).toBe(1);
    expect(daysLeft({ endDate: inHours(-1), none: false }, now)).toBe(-1);
  });
  it('ends the checkout after the end date, not at it', () => {
    const state = {
      priceCents: 0,
      isActive: true,
      creatorId: 'c',
      spots: { quantity: 0, unlimited: true, currentEnvolves: 0 },
    };
    expect(checkoutDecision({ ...state, endDate: now.toISOString() }, 'b', false, now)).toBe('free');
    expect(checkoutDecision({ ...state, endDate: inHours(-1) }, 'b', false, now)).toBe('ended');
  });
});

describe('money and names', () => {
  it('converts between cents and dollars without float drift', () => {
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(centsToDollars(1999)).toBe(19.99);
    expect(centsToDollars(1999.4)).toBe(19.99);
  });
  it("takes a profile's slug after the provider's bar, or the whole id", () => {
    expect(profileSlug('local|abc')).toBe('abc');
    expect(profileSlug('abc')).toBe('abc');
    expect(profileSlug('|abc')).toBe('abc');
  });
});
