import type { OfferAction } from '@/lib/envolvements/rules';
import { LazySpotWaitlist } from './lazy-spot-waitlist';
import { OfferActionButton } from './offer-action';

/** The envolvement a viewer may wait for, and whether they do when the server knows it. */
export type SpotWait = { envolvementId: string; waiting?: boolean };

type OfferActionSlotProps = {
  action: OfferAction;
  id: string;
  className?: string;
  /** Set where the viewer may wait for a spot (mayWaitForSpot): the sold-out offer offers that instead. */
  wait?: SpotWait | null;
};

/**
 * The offer's action where a viewer acts on it (the page and the dialog): 'Tell me when a
 * spot opens' on a sold-out one they may wait for, else the action itself. Apart from
 * OfferActionButton, so the cards that show only an offer's badge load none of it.
 */
export function OfferActionSlot({ action, id, className, wait }: OfferActionSlotProps) {
  if (wait && action.kind === 'disabled')
    return <LazySpotWaitlist {...wait} reason={action.reason} id={id} className={className} />;
  return <OfferActionButton action={action} id={id} className={className} />;
}
