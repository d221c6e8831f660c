// The rules of envolvements that pages, route handlers and tests share. Pure functions:
// safe on the server and in the browser.

import { handleLabel } from '@/lib/domain/deleted-member';
import { formatPrice } from '@/lib/domain/money';
import { LIVE_PAYMENT_STATUSES } from '@/lib/domain/payment-status';
import type { MembershipDto } from './types';
import { PAYMENT_STATUS_LABELS } from '@/lib/domain/ledger-rules';
import { CARD_PAYMENTS_UNAVAILABLE } from '@/lib/domain/payment-messages';

const DAY_MS = 24 * 60 * 60 * 1000;

type DateLike = string | Date | null | undefined;

function toDate(value: DateLike): Date | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Whether a submission deadline has passed: none never does. */
export function isPastDeadline(deadline: DateLike, now: Date = new Date()): boolean {
  const date = toDate(deadline);
  return date !== null && date.getTime() < now.getTime();
}

type EndDate = { endDate: DateLike; none: boolean };

/** Whole days left until the end date: 0 on its last day, negative once ended, null for none. */
export function daysLeft(endDate: EndDate, now: Date = new Date()): number | null {
  const end = toDate(endDate.endDate);
  if (endDate.none || !end) return null;
  return Math.floor((end.getTime() - now.getTime()) / DAY_MS);
}

/** Whether the end date has passed: none never does. Queries say the same with hasEndedSql (./conditions.ts). */
export function hasEnded(endDate: EndDate, now: Date = new Date()): boolean {
  const days = daysLeft(endDate, now);
  return days !== null && days < 0;
}

/** 'No Deadline', or the whole days left until the end date ('1 Day', '3 Days'). */
export function daysLeftLabel(endDate: EndDate, now: Date = new Date()): string {
  const days = daysLeft(endDate, now);
  if (days === null) return 'No Deadline';
  if (days < 0) return 'Ended';
  return `${days} ${days > 1 ? 'Days' : 'Day'}`;
}

type Spots = { quantity: number; unlimited: boolean; currentEnvolves: number };

/** Spots still free, or null when unlimited. Never below zero. */
export function spotsLeft(spots: Spots): number | null {
  if (spots.unlimited) return null;
  return Math.max(0, spots.quantity - spots.currentEnvolves);
}

/**
 * The spots in words, the same on every card, page and share image: 'Unlimited', 'Sold out',
 * '1 spot left' or '8 of 10 spots left'. A bare '8/10' read as full rather than as spots left.
 */
export function spotsLabel(spots: Spots): string {
  const left = spotsLeft(spots);
  if (left === null) return 'Unlimited';
  if (left === 0) return 'Sold out';
  if (left === 1) return '1 spot left';
  return `${left} of ${spots.quantity} spots left`;
}

/**
 * Whether a spot can be taken: unlimited, or fewer taken than there are. Queries say the
 * same with hasFreeSpotSql (./conditions.ts).
 */
export function hasFreeSpot(spots: Spots): boolean {
  return spots.unlimited || spots.currentEnvolves < spots.quantity;
}

export function isSoldOut(spots: Spots): boolean {
  return !hasFreeSpot(spots);
}

/**
 * Published: active and not removed, so everyone may see it and public lists hold it.
 * Queries say the same with isPublishedSql (./conditions.ts).
 */
export function isPublished(envolvement: { removed: boolean; active: boolean }): boolean {
  return !envolvement.removed && envolvement.active;
}

/** A list's size as Explore says it: '12', or '1,000+' when the count stopped at its cap. */
export function countLabel(total: number, capped: boolean): string {
  return `${total.toLocaleString('en-US')}${capped ? '+' : ''}`;
}

export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** Where an offer stands for everyone: a draft, removed, sold out, ended, or open to join. */
export type OfferStatus = 'draft' | 'removed' | 'sold_out' | 'ended' | 'open';

type OfferFacts = {
  active: boolean;
  removed: boolean;
  quantity: Spots;
  endDate: EndDate;
};

/** The offer's status, in the checkout's order: sold out before draft before ended. */
export function offerStatus(offer: OfferFacts, now: Date = new Date()): OfferStatus {
  if (offer.removed) return 'removed';
  if (isSoldOut(offer.quantity)) return 'sold_out';
  if (!offer.active) return 'draft';
  return hasEnded(offer.endDate, now) ? 'ended' : 'open';
}

/** The badge a card, the dialog and the detail page show for a status; none while open. */
export const OFFER_BADGES: Record<Exclude<OfferStatus, 'open'>, string> = {
  draft: 'Draft',
  removed: 'Removed',
  sold_out: 'Sold out',
  ended: 'Ended',
};

/** Who looks at an offer, and whether this site takes card payments. */
export type OfferViewer = { viewerId: string | null; cardPayments: boolean };

/**
 * A link to follow (checkout, sign-in), a free join in one click where the viewer stands
 * (`href` is the checkout, for a browser that runs no script), or why not.
 */
export type OfferAction =
  | { kind: 'go'; label: string; href: string }
  | { kind: 'join'; label: string; href: string; envolvementId: string }
  | { kind: 'disabled'; label: string; reason: string };

type ActionOffer = OfferFacts & {
  _id: string;
  priceCents: number;
  currency: string;
  userID: string;
  purchasedBy: string[];
};

/** Why nobody can join an offer in this status. */
const CLOSED: Record<Exclude<OfferStatus, 'open'>, { label: string; reason: string }> = {
  removed: { label: 'Removed by the creator', reason: 'This envolvement was removed by its creator.' },
  sold_out: { label: 'Sold out', reason: 'Every spot has been taken.' },
  draft: { label: 'Not published', reason: 'The creator has not published this envolvement yet.' },
  ended: { label: 'Ended', reason: 'This envolvement is past the purchasable date.' },
};

/**
 * The one action an offer shows this viewer, on cards, in the dialog, on the detail page
 * and at checkout: what the server would allow, or the reason it would not.
 */
export function offerAction(offer: ActionOffer, viewer: OfferViewer, now: Date = new Date()): OfferAction {
  const { viewerId } = viewer;
  if (viewerId && viewerId === offer.userID)
    return { kind: 'disabled', label: 'This is your Envolvement', reason: 'You cannot join your own envolvement.' };
  // Others' buyer lists hold at most the viewer's own id, so this is all a viewer may know.
  if (viewerId && offer.purchasedBy.includes(viewerId))
    return { kind: 'disabled', label: 'Already Joined', reason: 'You are a member of this envolvement.' };
  const status = offerStatus(offer, now);
  if (status !== 'open') return { kind: 'disabled', ...CLOSED[status] };
  const paid = offer.priceCents > 0;
  const pay = `Pay ${formatPrice(offer.priceCents, offer.currency)}`;
  if (paid && !viewer.cardPayments) return { kind: 'disabled', label: pay, reason: CARD_PAYMENTS_UNAVAILABLE };
  const checkout = `/payment/${offer._id}`;
  if (!viewerId)
    return { kind: 'go', label: 'Sign in to join', href: `/login?callbackUrl=${encodeURIComponent(checkout)}` };
  if (!paid) return { kind: 'join', label: 'Join for Free', href: checkout, envolvementId: offer._id };
  return { kind: 'go', label: pay, href: checkout };
}

export type CheckoutState = {
  priceCents: number;
  isActive: boolean;
  endDate: DateLike;
  spots: Spots;
  creatorId: string;
};

export type CheckoutDecision = 'already_bought' | 'sold_out' | 'inactive' | 'ended' | 'own' | 'free' | 'paid';

/**
 * The checkout decision order (spec section 4): already bought, sold out, inactive,
 * purchase period ended, then the creator's own offer, then free claim or card payment.
 */
export function checkoutDecision(
  state: CheckoutState,
  viewerId: string,
  hasBought: boolean,
  now: Date = new Date(),
): CheckoutDecision {
  if (hasBought) return 'already_bought';
  if (isSoldOut(state.spots)) return 'sold_out';
  if (!state.isActive) return 'inactive';
  const end = toDate(state.endDate);
  if (end && end.getTime() < now.getTime()) return 'ended';
  if (viewerId === state.creatorId) return 'own';
  return state.priceCents <= 0 ? 'free' : 'paid';
}

/** The message of each refusal, as the checkout shows it and the API answers it. */
export const CHECKOUT_REFUSALS = {
  already_bought: { title: 'You have already bought this!', message: 'You have already bought this!' },
  sold_out: { title: 'Sold Out', message: 'This envolvement is no longer available.' },
  inactive: { title: 'Envolvement Inactive', message: 'This envolvement is not active and cannot be purchased.' },
  ended: { title: 'Purchase Period Ended', message: 'This envolvement is past the purchasable date.' },
  own: { title: 'This is your Envolvement', message: 'You cannot join your own envolvement.' },
} as const;

/** What everyone but its members and creator reads of an envolvement its creator deleted. */
export const REMOVED_MESSAGE = 'This envolvement was removed by its creator.';

type Visibility = {
  removed: boolean;
  active: boolean;
  userID: string;
  membership: { joinedAt: string } | null;
};

/**
 * Who sees an envolvement. Published ones: everyone. A draft (not yet published, or
 * unpublished) and a removed one: only its creator and the people who joined it.
 */
export function maySee(envolvement: Visibility, viewerId: string | null): boolean {
  if (isPublished(envolvement)) return true;
  return viewerId !== null && (viewerId === envolvement.userID || envolvement.membership !== null);
}

/** What a viewer gets of an envolvement: all of it, the removal notice (410), or nothing (404). */
export function visibilityFor(envolvement: Visibility, viewerId: string | null): 'visible' | 'gone' | 'not_found' {
  if (maySee(envolvement, viewerId)) return 'visible';
  return envolvement.removed ? 'gone' : 'not_found';
}

type Standing = {
  free: boolean;
  endReason: 'refunded' | 'dispute_lost' | null;
  paymentStatus: string | null;
};

/**
 * Who reads an envolvement's activity and submissions: its creator, and members in good
 * standing (a held spot, free or paid by a payment that is not refunded or disputed).
 */
export function mayReadActivity(creatorId: string, viewerId: string | null, membership: Standing | null): boolean {
  if (!viewerId) return false;
  if (viewerId === creatorId) return true;
  if (!membership || membership.endReason !== null) return false;
  return membership.free || (LIVE_PAYMENT_STATUSES as readonly (string | null)[]).includes(membership.paymentStatus);
}

type MembershipMarkInput = {
  free: boolean;
  endReason: 'refunded' | 'dispute_lost' | null;
  paymentStatus: string | null;
};

/** The mark on a purchased card: why a membership is not (or no longer) in good standing. */
export function membershipMark(removed: boolean, membership: MembershipMarkInput | null): string | null {
  if (!membership) return removed ? 'Removed by the creator' : null;
  const money =
    membership.endReason === 'refunded'
      ? 'Refunded'
      : membership.endReason === 'dispute_lost'
        ? 'Payment reversed'
        : membership.paymentStatus === 'disputed'
          ? 'Payment disputed'
          : null;
  if (removed) return `Removed by the creator · ${money ?? (membership.free ? 'Free' : 'Refund pending')}`;
  return money;
}

const RECEIPT_DATE = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * A buyer's receipt on their purchased card: 'Paid $12.00 to @maya on Nov 25, 2026 · Paid',
 * or 'Joined for free on Nov 25, 2026'. The state is the payment's, as the ledger has it.
 */
export function receiptLine(
  membership: Pick<MembershipDto, 'free' | 'amountCents' | 'currency' | 'joinedAt' | 'paidAt' | 'paymentStatus'>,
  creator: string,
): string {
  if (membership.free) return `Joined for free on ${RECEIPT_DATE.format(new Date(membership.joinedAt))}`;
  const when = RECEIPT_DATE.format(new Date(membership.paidAt ?? membership.joinedAt));
  const state = membership.paymentStatus ? ` · ${PAYMENT_STATUS_LABELS[membership.paymentStatus]}` : '';
  return `Paid ${formatPrice(membership.amountCents, membership.currency)} to ${handleLabel(creator)} on ${when}${state}`;
}

/** The user-visible part of a user id: after the '|' when there is one. */
export function profileSlug(userId: string): string {
  const bar = userId.indexOf('|');
  return bar === -1 ? userId : userId.slice(bar + 1);
}
