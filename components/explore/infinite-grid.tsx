'use client';

import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { RESULTS_GRID } from './layout';
import { LoadMore } from '@/components/ui/load-more';
import { api } from '@/lib/api-client';
import type { OfferCardDto } from '@/lib/envolvements/types';

// The card's code comes with the second page: the first page's cards are drawn by the server.
const loadLaterCards = () => import('./later-cards');
const LaterCards = lazy(loadLaterCards);

type InfiniteGridProps = {
  /** The first page's cards, drawn on the server. */
  children: ReactNode;
  /** Their ids, so that a card moved onto a later page since is not shown twice. */
  initialIds: string[];
  initialCursor: string | null;
  query: string;
};

/**
 * The grid's first page comes from the server as it is; later pages load as the user scrolls
 * or asks, and are drawn here.
 */
export function InfiniteGrid({ children, initialIds, initialCursor, query }: InfiniteGridProps) {
  const [items, setItems] = useState<OfferCardDto[]>([]);
  const shown = useRef(new Set(initialIds));
  const [cursor, setCursor] = useState(initialCursor);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const sentinel = useRef<HTMLDivElement>(null);

  const loadMore = useCallback(async () => {
    if (!cursor || loading) return;
    setLoading(true);
    setError(null);
    try {
      const [page] = await Promise.all([
        api<{ items: OfferCardDto[]; nextCursor: string | null }>(
          `/api/post/pull?${query}${query ? '&' : ''}cursor=${encodeURIComponent(cursor)}`,
        ),
        loadLaterCards(),
      ]);
      const fresh = page.items.filter((item) => !shown.current.has(item._id));
      for (const item of fresh) shown.current.add(item._id);
      setItems((current) => [...current, ...fresh]);
      setCursor(page.nextCursor);
    } catch {
      setError('Error loading Envolvements. Please try again later.');
    } finally {
      setLoading(false);
    }
  }, [cursor, loading, query]);

  useEffect(() => {
    const el = sentinel.current;
    if (!el || !cursor) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && void loadMore(), {
      rootMargin: '400px',
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [cursor, loadMore]);

  return (
    <>
      <div className={RESULTS_GRID} data-testid="explore-grid">
        {children}
        {items.length > 0 && (
          <Suspense fallback={null}>
            <LaterCards items={items} />
          </Suspense>
        )}
      </div>
      <LoadMore ref={sentinel} more={Boolean(cursor)} loading={loading} error={error} onLoad={() => void loadMore()} />
    </>
  );
}
