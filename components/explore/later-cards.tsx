import { OfferCard } from '@/components/envolvement/offer-card';
import type { OfferCardDto } from '@/lib/envolvements/types';

/** The cards of the pages loaded after the first, which the server drew. */
export default function LaterCards({ items }: { items: OfferCardDto[] }) {
  return items.map((item) => <OfferCard key={item._id} envolvement={item} dialog />);
}
