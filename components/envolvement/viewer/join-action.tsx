'use client';

import { usePagePart } from '@/components/layout/viewer-context';
import { Skeleton } from '@/components/ui/skeleton';
import { OfferActionSlot } from '../offer-action-slot';

/**
 * The join bar's action for this viewer: sign in, join, pay, wait for a spot, or why not.
 * Until the viewer is known a block of the button's size holds its place.
 */
export function JoinAction() {
  const part = usePagePart('envolvement');
  if (part === 'loading') return <Skeleton className="h-10 w-full rounded-lg" />;
  if (!part) return null;
  return <OfferActionSlot action={part.action} id="join-bar" wait={part.wait} />;
}
