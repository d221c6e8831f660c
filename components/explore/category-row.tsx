'use client';

import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/layout/icons';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { api } from '@/lib/api-client';
import type { Category } from '@/lib/domain/categories';
import type { OfferCardDto } from '@/lib/envolvements/types';
import { ExploreLink } from './explore-navigation';
import { ROW_CARD, ROW_COVER_WIDTH } from './layout';

// The code that draws cards in the browser comes with the first row that needs it.
const loadLaterCards = () => import('./later-cards');
const LaterCards = lazy(loadLaterCards);

/** Rows whose cards are not drawn yet show this many placeholders at most, enough to fill a screen. */
const PLACEHOLDERS = 4;
/**
 * A card not read yet: its size and frame only. The page holds four for every row it does
 * not draw, so they are plain boxes rather than the card-shaped skeletons of a view loading.
 */
const PLACEHOLDER = cn(ROW_CARD, 'h-[22.5rem] animate-pulse rounded-2xl border border-slate-200 bg-slate-100');

/**
 * The cards of the rows after the first are drawn only as they come near the screen: Explore
 * shows a row for each of eleven categories, and a phone sees one on arrival. Until then each
 * scroller keeps the height of its cards (about 23rem), so the page's length does not jump.
 * The scroller clips its content already, so the paint containment this brings changes nothing.
 */
const DEFERRED = '[content-visibility:auto] [contain-intrinsic-size:auto_23rem]';
const ARROW =
  'rounded-full border border-slate-300 bg-white p-2 text-slate-700 shadow-sm transition hover:bg-slate-50 disabled:cursor-default disabled:opacity-40 disabled:shadow-none';

/** The part of a row the page did not draw: `more` cards of `/api/post/pull?{query}`, after `cursor`. */
export type RowRest = { query: string; more: number; cursor: string | null };

type CategoryRowProps = {
  category: Category;
  /** The cards drawn on the server, perhaps none: the row scrolls them. */
  children?: ReactNode;
  /** The rest of the row, read in the browser: after the drawn cards, or all of it when none are. */
  rest: RowRest;
  /** The first row on the page: drawn at once, where the others wait until they come near. */
  first?: boolean;
};

type RestState = 'waiting' | 'loading' | 'done' | 'failed';

/**
 * The rest of a row's cards, read once, when `load` is first called: a row drawn with some
 * cards reads the rest when the visitor reaches for it (points at it, touches, scrolls or
 * tabs into it), one drawn with none as it comes near the screen.
 */
function useRowRest(rest: RowRest) {
  const [items, setItems] = useState<OfferCardDto[]>([]);
  const [state, setState] = useState<RestState>(rest.more > 0 ? 'waiting' : 'done');
  const asked = useRef(false);
  const load = useCallback(async () => {
    if (asked.current || rest.more <= 0) return;
    asked.current = true;
    setState('loading');
    const search = new URLSearchParams(rest.query);
    search.set('limit', String(rest.more));
    if (rest.cursor) search.set('cursor', rest.cursor);
    try {
      const [page] = await Promise.all([api<{ items: OfferCardDto[] }>(`/api/post/pull?${search}`), loadLaterCards()]);
      setItems(page.items.slice(0, rest.more));
      setState('done');
    } catch {
      asked.current = false;
      setState('failed');
    }
  }, [rest.query, rest.more, rest.cursor]);
  return { items, state, load };
}

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
  const scroll = useCallback((direction: 1 | -1) => {
    const el = scroller.current;
    if (el) el.scrollBy({ left: direction * el.clientWidth, behavior: 'smooth' });
  }, []);
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

function RestFailed({ retry }: { retry: () => void }) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <p role="alert" className="text-sm text-red-600">
        Error loading Envolvements. Please try again later.
      </p>
      <Button variant="secondary" size="sm" onClick={retry}>
        Try again
      </Button>
    </div>
  );
}

/**
 * The arrows of a row whose rest may not be read yet: pressing right reads it, and scrolls
 * once it is drawn; `drawnRest` is called when it is.
 */
function useArrowsBeforeRest(
  state: RestState,
  reach: () => void,
  scroll: (direction: 1 | -1) => void,
  measure: () => void,
) {
  const queued = useRef<1 | -1 | null>(null);
  const scrollRow = (direction: 1 | -1) => {
    if (state === 'done' || direction === -1) return scroll(direction);
    queued.current = direction;
    reach();
  };
  const drawnRest = useCallback(() => {
    measure();
    if (queued.current) scroll(queued.current);
    queued.current = null;
  }, [measure, scroll]);
  return { scrollRow, drawnRest };
}

/** Calls `load` once the row comes within a screen of the viewport. */
function useWhenNear(section: RefObject<HTMLElement | null>, active: boolean, load: () => unknown) {
  useEffect(() => {
    const el = section.current;
    if (!el || !active) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && load(), {
      rootMargin: '100% 0px',
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [section, active, load]);
}

/**
 * One category's horizontal scroller; each button moves one container width. The page draws
 * a row's first few cards, or none; the rest are read as the row is reached.
 */
export function CategoryRow({ category, children, rest, first = false }: CategoryRowProps) {
  const { scroller, edges, measure, scroll } = useScrollEdges(!first);
  const { items, state, load } = useRowRest(rest);
  const section = useRef<HTMLElement>(null);
  // A row drawn with cards goes on after the last of them; one drawn without starts at the top.
  const drawn = rest.cursor !== null;
  const reach = () => void load();
  useWhenNear(section, !drawn && state === 'waiting', load);
  const { scrollRow, drawnRest } = useArrowsBeforeRest(state, reach, scroll, measure);
  const headingId = `row-${category.replace(/\W/g, '')}`;
  const pending = state === 'waiting' || state === 'loading';
  return (
    <section ref={section} aria-labelledby={headingId} data-testid="category-row" className="space-y-3">
      <RowHeader
        category={category}
        headingId={headingId}
        // More to read is more to scroll to.
        edges={{ start: edges.start, end: edges.end && !pending }}
        scroll={scrollRow}
      />
      {/* relative: positioned content inside the cards must scroll with the row, not widen the page. */}
      <div
        ref={scroller}
        onScroll={() => {
          measure();
          if (drawn) reach();
        }}
        onPointerEnter={drawn ? reach : undefined}
        onTouchStart={drawn ? reach : undefined}
        onFocus={drawn ? reach : undefined}
        aria-busy={state === 'loading'}
        className={cn(
          'scrollbar-none relative -mx-1 flex snap-x snap-mandatory scroll-px-1 gap-4 overflow-x-auto px-1 pt-1 pb-3',
          !first && DEFERRED,
        )}
      >
        {children}
        {items.length > 0 && (
          <Suspense fallback={null}>
            <LaterCards
              items={items}
              category={category}
              className={ROW_CARD}
              coverWidth={ROW_COVER_WIDTH}
              // Cards that arrived change how far the row scrolls.
              onDrawn={drawnRest}
            />
          </Suspense>
        )}
        {!drawn &&
          pending &&
          Array.from({ length: Math.min(rest.more, PLACEHOLDERS) }, (_, i) => (
            <div key={i} aria-hidden className={PLACEHOLDER} data-testid="card-placeholder" />
          ))}
      </div>
      {state === 'failed' && <RestFailed retry={reach} />}
    </section>
  );
}
