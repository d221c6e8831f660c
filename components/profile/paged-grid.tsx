'use client';

import { useRef, useState } from 'react';
import { LoadMore } from '@/components/ui/load-more';
import { apiPage } from '@/lib/api-client';
import type { OfferViewer } from '@/lib/envolvements/rules';
import type { OfferCardDto } from '@/lib/envolvements/types';
import { EnvolvementGrid } from './envolvement-grid';

type PagedGridProps = {
  initial: OfferCardDto[];
  /** The API path of the next page, from the server's first page; null when that was all. */
  next: string | null;
  viewer: OfferViewer;
  mode?: 'dialog' | 'link';
  receipts?: boolean;
  /** The list is the first thing under the page's header: its first covers load at once. */
  priority?: boolean;
};

/** A profile's list: the first page from the server, then 'Load more' asks the API for the next. */
export function PagedGrid({ initial, next, viewer, mode, receipts, priority }: PagedGridProps) {
  const [items, setItems] = useState(initial);
  const [nextPath, setNextPath] = useState(next);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const statusRef = useRef<HTMLParagraphElement>(null);

  async function loadMore() {
    if (!nextPath || loading) return;
    setLoading(true);
    setError(null);
    try {
      const page = await apiPage<OfferCardDto>(nextPath);
      const fresh = page.items.filter((item) => !items.some((known) => known._id === item._id));
      setItems([...items, ...fresh]);
      setNextPath(page.next);
      setStatus(`${fresh.length} more loaded.${page.next ? '' : ' That is all of them.'}`);
      // The button goes with the last page: focus stays on the list's status instead of the page's body.
      if (!page.next) requestAnimationFrame(() => statusRef.current?.focus());
    } catch {
      setError('Error loading Envolvements. Please try again later.');
    } finally {
      setLoading(false);
    }
  }

  return (
    <>
      <EnvolvementGrid items={items} viewer={viewer} mode={mode} receipts={receipts} priority={priority} />
      <LoadMore more={Boolean(nextPath)} loading={loading} error={error} onLoad={() => void loadMore()}>
        <p ref={statusRef} tabIndex={-1} role="status" className="text-sm text-slate-500 focus:outline-none">
          {status}
        </p>
      </LoadMore>
    </>
  );
}
