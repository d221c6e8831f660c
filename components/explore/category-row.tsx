'use client';

import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/layout/icons';
import { cn } from '@/components/ui/cn';
import type { Category } from '@/lib/domain/categories';
import { ExploreLink } from './explore-navigation';
/**
 * The cards of the rows after the first are drawn only as they come near the screen: Explore
 * shows a row for each of eleven categories, and a phone sees one on arrival. Until then each
 * scroller keeps the height of its cards (about 23rem), so the page's length does not jump.
 * The scroller clips its content already, so the paint containment this brings changes nothing.
 */
const DEFERRED = '[content-visibility:auto] [contain-intrinsic-size:auto_23rem]';
const ARROW =
  'rounded-full border border-slate-300 bg-white p-2 text-slate-700 shadow-sm transition hover:bg-slate-50 disabled:cursor-default disabled:opacity-40 disabled:shadow-none';

type CategoryRowProps = {
  category: Category;
  /** The row's cards, drawn on the server: the row only scrolls them. */
  children: ReactNode;
  /** The first row on the page: drawn at once, where the others wait until they come near. */
  first?: boolean;
};

/**
 * Whether the row can scroll further either way, kept current on scroll and resize. A
 * deferred row is measured once the browser draws its cards: before, it has nothing to
 * scroll, and reading its size would force the layout the browser is skipping.
 */
function useScrollEdges(deferred: boolean) {
  const scroller = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ start: true, end: false });
  const measure = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    setEdges({ start: el.scrollLeft <= 1, end: el.scrollLeft + el.clientWidth >= el.scrollWidth - 1 });
  }, []);
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    // Where the browser cannot defer drawing, every row is drawn at once.
    let skipped = deferred && CSS.supports('content-visibility', 'auto');
    const drawn = (event: Event) => {
      skipped = (event as ContentVisibilityAutoStateChangeEvent).skipped;
      if (!skipped) measure();
    };
    const resized = () => {
      if (!skipped) measure();
    };
    el.addEventListener('contentvisibilityautostatechange', drawn);
    if (!skipped) measure();
    window.addEventListener('resize', resized);
    return () => {
      el.removeEventListener('contentvisibilityautostatechange', drawn);
      window.removeEventListener('resize', resized);
    };
  }, [deferred, measure]);
  const scroll = (direction: 1 | -1) => {
    const el = scroller.current;
    if (el) el.scrollBy({ left: direction * el.clientWidth, behavior: 'smooth' });
  };
  return { scroller, edges, measure, scroll };
}

function RowHeader({
  category,
  headingId,
  edges,
  scroll,
}: {
  category: Category;
  headingId: string;
  edges: { start: boolean; end: boolean };
  scroll: (direction: 1 | -1) => void;
}) {
  return (
    <div className="flex items-center justify-between gap-3">
      <div className="flex items-baseline gap-3">
        <h2 id={headingId} className="text-xl font-bold text-ink">
          {category}
        </h2>
        {/* Named without the category, so the filter chip stays the only link called by it. */}
        <ExploreLink
          to={{ categories: [category] }}
          className="rounded text-sm font-semibold text-brand-700 hover:underline"
        >
          See all
        </ExploreLink>
      </div>
      <div className="flex gap-2">
        <button
          type="button"
          aria-label={`Scroll ${category} left`}
          onClick={() => scroll(-1)}
          disabled={edges.start}
          className={ARROW}
        >
          <ChevronLeftIcon />
        </button>
        <button
          type="button"
          aria-label={`Scroll ${category} right`}
          onClick={() => scroll(1)}
          disabled={edges.end}
          className={ARROW}
        >
          <ChevronRightIcon />
        </button>
      </div>
    </div>
  );
}

/** One category's horizontal scroller; each button moves one container width. */
export function CategoryRow({ category, children, first = false }: CategoryRowProps) {
  const { scroller, edges, measure, scroll } = useScrollEdges(!first);
  const headingId = `row-${category.replace(/\W/g, '')}`;
  return (
    <section aria-labelledby={headingId} data-testid="category-row" className="space-y-3">
      <RowHeader category={category} headingId={headingId} edges={edges} scroll={scroll} />
      {/* relative: positioned content inside the cards must scroll with the row, not widen the page. */}
      <div
        ref={scroller}
        onScroll={measure}
        className={cn(
          'scrollbar-none relative -mx-1 flex snap-x snap-mandatory scroll-px-1 gap-4 overflow-x-auto px-1 pt-1 pb-3',
          !first && DEFERRED,
        )}
      >
        {children}
      </div>
    </section>
  );
}
