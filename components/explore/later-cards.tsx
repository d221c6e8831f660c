import { useEffect } from 'react';
import { OfferCard } from '@/components/envolvement/offer-card';
import type { Category } from '@/lib/domain/categories';
import type { OfferCardDto } from '@/lib/envolvements/types';

type LaterCardsProps = {
  items: OfferCardDto[];
  /** In a category row: the row's category, and the row's card width and cover width. */
  category?: Category;
  className?: string;
  coverWidth?: number;
  /** Called once the cards are in the page: a row measures how far it now scrolls. */
  onDrawn?: () => void;
};

/** The cards read in the browser after the page came: a grid's later pages, a row's rest. */
export default function LaterCards({ items, category, className, coverWidth, onDrawn }: LaterCardsProps) {
  useEffect(() => onDrawn?.(), [items, onDrawn]);
  return items.map((item) => (
    <OfferCard
      key={item._id}
      envolvement={item}
      dialog
      category={category}
      className={className}
      coverWidth={coverWidth}
    />
  ));
}
