'use client';

import { useLinkStatus } from 'next/link';
import { cn } from './cn';

/**
 * A ring around the link it is drawn in (give the link `relative`) while the page it leads to
 * loads. A link that is not prefetched otherwise shows nothing between the click and the new
 * page, which on a slow network reads as a click that did not take. The ring waits 150 ms, so
 * a quick answer does not flash it, and takes no room, so nothing moves.
 */
export function PendingRing() {
  const { pending } = useLinkStatus();
  return (
    <span
      aria-hidden
      data-pending={pending || undefined}
      className={cn(
        'pointer-events-none absolute -inset-0.5 rounded-[inherit] ring-2 ring-brand-400 opacity-0',
        pending && 'opacity-100 transition-opacity delay-150 duration-200',
      )}
    />
  );
}
