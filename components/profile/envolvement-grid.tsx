import { EAGER_COVERS, OfferCard, OfferCardSkeleton } from '@/components/envolvement/offer-card';
import type { OfferViewer } from '@/lib/envolvements/rules';
import type { OfferCardDto } from '@/lib/envolvements/types';

const GRID = 'grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3';

export function EnvolvementGrid({
  items,
  viewer,
  mode = 'dialog',
  receipts = false,
  priority = false,
}: {
  items: OfferCardDto[];
  viewer: OfferViewer;
  mode?: 'dialog' | 'link';
  /** Show what the viewer paid, when and to whom (their purchases). */
  receipts?: boolean;
  /** The grid is the first thing under the page's header: its first covers load at once. */
  priority?: boolean;
}) {
  return (
    <div className={GRID}>
      {items.map((item, index) => (
        <OfferCard
          key={item._id}
          envolvement={item}
          viewer={viewer}
          mode={mode}
          receipt={receipts}
          priority={priority && index < EAGER_COVERS}
        />
      ))}
    </div>
  );
}

export function EnvolvementGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <div className={GRID}>
      {Array.from({ length: count }, (_, i) => (
        <OfferCardSkeleton key={i} />
      ))}
    </div>
  );
}
