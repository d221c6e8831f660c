'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { EAGER_COVERS, OfferCard } from '@/components/envolvement/offer-card';
import { RESULTS_GRID } from './layout';
import { LoadMore } from '@/components/ui/load-more';
import { api } from '@/lib/api-client';
import type { OfferViewer } from '@/lib/envolvements/rules';
import type { OfferCardDto } from '@/lib/envolvements/types';

type InfiniteGridProps = {
  initial: OfferCardDto[];
  initialCursor: string | null;
  query: string;
  viewer: OfferViewer;
};

/** The grid's first page comes from the server; later pages load as the user scrolls or asks. */
export function InfiniteGrid({ initial, initialCursor, query, viewer }: InfiniteGridProps) {
  const [items, setItems] = useState(initial);
  const [cursor, setCursor] = useState(initialCursor);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const sentinel = useRef<HTMLDivElement>(null);

  const loadMore = useCallback(async () => {
    if (!cursor || loading) return;
    setLoading(true);
    setError(null);
    try {
      const page = await api<{ items: OfferCardDto[]; nextCursor: string | null }>(
        `/api/post/pull?${query}${query ? '&' : ''}cursor=${encodeURIComponent(cursor)}`,
      );
      setItems((current) => [...current, ...page.items.filter((i) => !current.some((c) => c._id === i._id))]);
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
        {items.map((item, index) => (
          <OfferCard key={item._id} envolvement={item} viewer={viewer} priority={index < EAGER_COVERS} />
        ))}
      </div>
      <LoadMore ref={sentinel} more={Boolean(cursor)} loading={loading} error={error} onLoad={() => void loadMore()} />
    </>
  );
}
