// Who may ask to be told when a spot opens: the rule the API enforces and the offer's
// action follows, so the button shows only where the server would take the request.
// Pure: safe on the server and in the browser.

import { CHECKOUT_REFUSALS, isPastDeadline, isPublished, isSoldOut, spotsLeft } from '@/lib/envolvements/rules';

export const WAIT_REFUSALS = {
  own: 'You cannot wait for a spot on your own envolvement.',
  member: 'You are already a member of this envolvement.',
  ended: CHECKOUT_REFUSALS.ended.message,
  open: 'There are spots left: join instead.',
} as const;

export type WaitRefusal = keyof typeof WAIT_REFUSALS;

/** The labels of the waiting action, and what it says once the viewer waits. */
export const WAIT_TEXTS = {
  ask: 'Tell me when a spot opens',
  waiting: "We'll tell you when a spot opens",
  stop: 'Stop waiting',
} as const;

type Spots = { quantity: number; unlimited: boolean; currentEnvolves: number };

type WaitOffer = {
  creatorId: string;
  spots: Spots;
  endDate: string | Date | null;
};

/**
 * Why this viewer may not wait for a spot on a published envolvement, or null when they
 * may: it is theirs, they hold a spot, it has ended (no spot will open), or a spot is free now.
 */
export function waitRefusal(
  offer: WaitOffer,
  viewerId: string,
  isMember: boolean,
  now: Date = new Date(),
): WaitRefusal | null {
  if (offer.creatorId === viewerId) return 'own';
  if (isMember) return 'member';
  if (isPastDeadline(offer.endDate, now)) return 'ended';
  if (!isSoldOut(offer.spots)) return 'open';
  return null;
}

type OfferForViewer = {
  userID: string;
  active: boolean;
  removed: boolean;
  quantity: WaitOffer['spots'];
  endDate: { endDate: string | null };
  /** Others' buyer lists hold at most the viewer's own id. */
  purchasedBy: string[];
};

/** Whether the offer shows this signed-in viewer 'Tell me when a spot opens' (or their wait). */
export function mayWaitForSpot(offer: OfferForViewer, viewerId: string | null, now: Date = new Date()): boolean {
  if (!viewerId || !isPublished(offer)) return false;
  const facts = { creatorId: offer.userID, spots: offer.quantity, endDate: offer.endDate.endDate };
  return waitRefusal(facts, viewerId, offer.purchasedBy.includes(viewerId), now) === null;
}

/**
 * How many spots a change of the offer's size opened for the people waiting: null when the
 * spots became unlimited (everyone waiting may join), 0 when none opened.
 */
export function spotsOpened(before: Spots, after: Spots): number | null {
  const was = spotsLeft(before);
  const now = spotsLeft(after);
  if (was === null) return 0;
  if (now === null) return null;
  return Math.max(0, now - was);
}
