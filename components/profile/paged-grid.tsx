import { OfferDialogs } from '@/components/envolvement/offer-dialogs';
import type { OfferViewer } from '@/lib/envolvements/rules';
import type { OfferCardDto } from '@/lib/envolvements/types';
import { EnvolvementCards } from './envolvement-grid';
import { MoreCards } from './more-cards';

type PagedGridProps = {
  initial: OfferCardDto[];
  /** The API path of the next page, from the server's first page; null when that was all. */
  next: string | null;
  viewer: OfferViewer;
  /** 'dialog': a plain click on a card opens the offer dialog; 'link': it opens the page. */
  mode?: 'dialog' | 'link';
  receipts?: boolean;
  /** The list is the first thing under the page's header: its first covers load at once. */
  priority?: boolean;
};

/**
 * A profile's list: the first page's cards drawn on the server, the next pages on request.
 * Only the dialog and the 'Load more' button run in the browser.
 */
export function PagedGrid({ initial, next, viewer, mode = 'dialog', receipts = false, priority }: PagedGridProps) {
  const dialog = mode === 'dialog';
  const grid = (
    <MoreCards initialIds={initial.map((item) => item._id)} next={next} dialog={dialog} receipts={receipts}>
      <EnvolvementCards items={initial} dialog={dialog} receipts={receipts} priority={priority} />
    </MoreCards>
  );
  return dialog ? <OfferDialogs viewer={viewer}>{grid}</OfferDialogs> : grid;
}
