'use client';

import { useRef } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/layout/icons';
import { OfferCard, OfferCardSkeleton } from '@/components/envolvement/offer-card';
import type { EnvolvementDto } from '@/lib/envolvements/types';

const CARD = 'w-64 shrink-0 snap-start sm:w-80';

/** One category's horizontal scroller; each button moves one container width. */
export function CategoryRow({ category, items, viewerId }: { category: string; items: EnvolvementDto[]; viewerId: string | null }) {
  const scroller = useRef<HTMLDivElement>(null);
  const scroll = (direction: 1 | -1) => {
    const el = scroller.current;
    if (el) el.scrollBy({ left: direction * el.clientWidth, behavior: 'smooth' });
  };
  return (
    <section aria-label={category} data-testid="category-row" className="space-y-3">
      <div className="flex items-center justify-between">
        <h2 className="text-xl font-bold text-ink">{category}</h2>
        <div className="flex gap-2">
          <button type="button" aria-label={`Scroll ${category} left`} onClick={() => scroll(-1)} className="rounded-full border border-slate-300 bg-white p-2 hover:bg-slate-50">
            <ChevronLeftIcon />
          </button>
          <button type="button" aria-label={`Scroll ${category} right`} onClick={() => scroll(1)} className="rounded-full border border-slate-300 bg-white p-2 hover:bg-slate-50">
            <ChevronRightIcon />
          </button>
        </div>
      </div>
      <div ref={scroller} className="scrollbar-none flex snap-x gap-4 overflow-x-auto pb-2">
        {items.map((item) => (
          <div key={item._id} className={CARD}>
            <OfferCard envolvement={item} viewerId={viewerId} />
          </div>
        ))}
      </div>
    </section>
  );
}

export function CategoryRowSkeleton() {
  return (
    <div className="space-y-3" aria-hidden>
      <div className="h-6 w-32 animate-pulse rounded bg-slate-200" />
      <div className="flex gap-4 overflow-hidden">
        {Array.from({ length: 4 }, (_, i) => (
          <OfferCardSkeleton key={i} className={CARD} />
        ))}
      </div>
    </div>
  );
}
