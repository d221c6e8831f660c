'use client';

import Link from 'next/link';
import { useEffect, useSyncExternalStore, type ComponentProps, type ReactNode } from 'react';
import { OfferCardSkeleton } from '@/components/envolvement/offer-card';
import { cn } from '@/components/ui/cn';
import { PendingRing } from '@/components/ui/pending-ring';
import type { ExploreParams } from '@/lib/validation/explore';
import { exploreHref, isFilteredView } from '@/lib/explore/params';
import { RESULTS_GRID, ROW_CARD } from './layout';

/**
 * Moving between Explore's views. A view arrives whole from the cache, so it never draws a
 * loading state of its own; the skeleton is shown only where loading really happens: from
 * a click on one of the links below until the chosen view replaces the one it was made on.
 */

/** What the next view shows: the grid of a filter or of everything, or the category rows. */
type Layout = 'grid' | 'rows';
type Loading = { layout: Layout; from: string };

let loading: Loading | null = null;
/** The view on screen, as its page key (lib/explore/page-key.ts). */
let shown: string | null = null;
const listeners = new Set<() => void>();

function publish(next: Loading | null) {
  loading = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

type ExploreLinkProps = Omit<ComponentProps<typeof Link>, 'href' | 'onNavigate' | 'prefetch'> & {
  /** The filters of the view it leads to. */
  to: Partial<ExploreParams>;
  children: ReactNode;
};

/**
 * A link to another view of Explore. Not prefetched: each view is a whole cached page. The
 * results give way to a skeleton of the next view's layout while it loads, and the link
 * itself is ringed (a click on a chip shows there too).
 */
export function ExploreLink({ to, className, children, ...props }: ExploreLinkProps) {
  return (
    <Link
      {...props}
      href={exploreHref(to)}
      prefetch={false}
      onNavigate={() => {
        if (shown !== null) publish({ layout: isFilteredView(to) ? 'grid' : 'rows', from: shown });
      }}
      className={cn('relative', className)}
    >
      {children}
      <PendingRing />
    </Link>
  );
}

/** Skeleton cards: 12 in the grid, 4 in each category row. */
function ExploreSkeleton({ layout }: { layout: Layout }) {
  return (
    <div data-testid="explore-skeleton">
      <p role="status" className="sr-only">
        Loading...
      </p>
      {layout === 'grid' ? (
        <div aria-hidden className={RESULTS_GRID}>
          {Array.from({ length: 12 }, (_, i) => (
            <OfferCardSkeleton key={i} />
          ))}
        </div>
      ) : (
        <div aria-hidden className="space-y-10">
          {Array.from({ length: 3 }, (_, row) => (
            <div key={row} className="space-y-3">
              <div className="h-6 w-32 animate-pulse rounded bg-slate-200" />
              <div className="flex gap-4 overflow-hidden">
                {Array.from({ length: 4 }, (_, i) => (
                  <OfferCardSkeleton key={i} className={ROW_CARD} />
                ))}
              </div>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}

/** The results of the view `view`, or the next view's skeleton once a link has left it. */
export function ExploreResultsFrame({ view, children }: { view: string; children: ReactNode }) {
  const state = useSyncExternalStore(
    subscribe,
    () => loading,
    () => null,
  );
  useEffect(() => {
    shown = view;
    return () => {
      // The view is replaced, or Explore is left for another page: whatever was loading
      // from it has arrived or was given up.
      if (shown === view) shown = null;
      if (loading?.from === view) publish(null);
    };
  }, [view]);
  return state && state.from === view ? <ExploreSkeleton layout={state.layout} /> : children;
}
