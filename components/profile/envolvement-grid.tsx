import { EAGER_COVERS, OfferCard, OfferCardSkeleton } from '@/components/envolvement/offer-card';
import type { OfferCardDto } from '@/lib/envolvements/types';

export const ENVOLVEMENT_GRID = 'grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3';

type CardsProps = {
  items: OfferCardDto[];
  /** A plain click opens the offer dialog (inside an OfferDialogs); else the card is only a link. */
  dialog?: boolean;
  /** Show what the viewer paid, when and to whom (their purchases). */
  receipts?: boolean;
  /** The grid is the first thing under the page's header: its first covers load at once. */
  priority?: boolean;
};

/** A profile list's cards, without their grid: drawn on the server for the first page, in the browser for the next. */
export function EnvolvementCards({ items, dialog = false, receipts = false, priority = false }: CardsProps) {
  return items.map((item, index) => (
    <OfferCard
      key={item._id}
      envolvement={item}
      dialog={dialog}
      receipt={receipts}
      priority={priority && index < EAGER_COVERS}
    />
  ));
}

export function EnvolvementGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <div className={ENVOLVEMENT_GRID}>
      {Array.from({ length: count }, (_, i) => (
        <OfferCardSkeleton key={i} />
      ))}
    </div>
  );
}
