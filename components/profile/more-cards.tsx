'use client';

import { useRef, useState, type ReactNode } from 'react';
import { LoadMore } from '@/components/ui/load-more';
import { apiPage } from '@/lib/api-client';
import type { OfferCardDto } from '@/lib/envolvements/types';
import { ENVOLVEMENT_GRID, EnvolvementCards } from './envolvement-grid';

type MoreCardsProps = {
  /** The first page's cards, drawn on the server. */
  children: ReactNode;
  /** Their ids, so that a card that moved onto the next page since is not shown twice. */
  initialIds: string[];
  /** The API path of the next page; null when the first was all. */
  next: string | null;
  dialog: boolean;
  receipts: boolean;
};

/** A profile list's grid: the server's first page, then 'Load more' asks the API for the next. */
export function MoreCards({ children, initialIds, next, dialog, receipts }: MoreCardsProps) {
  const [items, setItems] = useState<OfferCardDto[]>([]);
  const shown = useRef(new Set(initialIds));
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
      const fresh = page.items.filter((item) => !shown.current.has(item._id));
      for (const item of fresh) shown.current.add(item._id);
      setItems((current) => [...current, ...fresh]);
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
      <div className={ENVOLVEMENT_GRID}>
        {children}
        <EnvolvementCards items={items} dialog={dialog} receipts={receipts} />
      </div>
      <LoadMore more={Boolean(nextPath)} loading={loading} error={error} onLoad={() => void loadMore()}>
        <p ref={statusRef} tabIndex={-1} role="status" className="text-sm text-slate-500 focus:outline-none">
          {status}
        </p>
      </LoadMore>
    </>
  );
}
