import { formatPrice } from '@/lib/domain/money';
import { daysLeft, spotsLabel } from '@/lib/envolvements/rules';

// The facts a share image states about an envolvement, from the same rules as its page.

type CardFacts = {
  priceCents: number;
  currency: string;
  quantity: number;
  unlimited: boolean;
  currentCount: number;
  endDate: Date | null;
};

/** The price, the spots left and the time left, as the card states them. */
export function cardFacts(row: CardFacts, now: Date = new Date()): string[] {
  const spots = spotsLabel({ quantity: row.quantity, unlimited: row.unlimited, currentEnvolves: row.currentCount });
  const days = daysLeft({ endDate: row.endDate, none: row.endDate === null }, now);
  const ending =
    days === null ? null : days < 0 ? 'Ended' : days === 0 ? 'Ends today' : `${days} ${days > 1 ? 'days' : 'day'} left`;
  return [formatPrice(row.priceCents, row.currency), spots, ...(ending ? [ending] : [])];
}
