import Link from 'next/link';
import type { ReactNode } from 'react';
import { Avatar } from '@/components/layout/avatar';
import { cn } from '@/components/ui/cn';
import { handleLabel, isDeletedUserId } from '@/lib/domain/deleted-member';
import type { Category } from '@/lib/domain/categories';
import { formatPrice } from '@/lib/domain/money';
import {
  daysLeftLabel,
  membershipMark,
  offerStatus,
  receiptLine,
  spotsLabel,
  type OfferStatus,
} from '@/lib/envolvements/rules';
import type { OfferCardDto, OfferFace } from '@/lib/envolvements/types';
import { envolvementPagePath, profilePath } from '@/lib/seo/urls';
import { CoverImage } from './cover-image';
import { DIALOG_LINK } from './dialog-link';
import { OfferStatusBadge } from './offer-action';

/** How many covers of a page's first grid or row are loaded at once rather than lazily. */
export const EAGER_COVERS = 4;

type OfferCardFaceProps = {
  /** A card from a list, or the wizard's preview: the face shows no description. */
  offer: Omit<OfferFace, 'description'> & Pick<OfferCardDto, 'currency'>;
  /** What happened to the viewer's membership ('Refunded', 'Removed by the creator · Free'). */
  mark?: string | null;
  /** The title, wrapped by the caller in the control that opens the offer. */
  title?: ReactNode;
  cover?: ReactNode;
  /** 'Draft', 'Sold out', 'Ended' or 'Removed' over the cover; nothing while open. */
  status?: OfferStatus;
  /** The category the card stands for: the row's own in a category row, else the offer's first. */
  category?: Category;
  className?: string;
  /** Load the cover at once: one of the first pictures on the page. */
  priority?: boolean;
  /** The cover's width in CSS pixels where the card's width is fixed (a category row). */
  coverWidth?: number;
  /** What the viewer paid for it, when and to whom ('Paid $12.00 to @maya on Nov 25, 2026 · Paid'). */
  receipt?: string | null;
  /** The creator's id: their name links to their profile. Left out in the wizard's preview. */
  creatorId?: string;
};

type CardCoverProps = Pick<OfferCardFaceProps, 'cover' | 'mark' | 'priority' | 'coverWidth'> & {
  offer: OfferCardFaceProps['offer'];
  status: OfferStatus;
  shown: Category | undefined;
};

/** The card's picture, with its price, category, status and the viewer's membership mark over it. */
function CardCover({ offer, cover, mark, status, shown, priority = false, coverWidth }: CardCoverProps) {
  return (
    <div className="relative">
      {cover ?? (
        <CoverImage
          src={offer.imgUrl}
          category={shown}
          className="h-40 w-full"
          width={coverWidth}
          priority={priority}
        />
      )}
      {mark && (
        <span className="offer-card-mark" data-testid="membership-mark">
          {mark}
        </span>
      )}
      <span className="offer-card-price" data-testid="price-badge">
        {formatPrice(offer.priceCents, offer.currency)}
      </span>
      <div className="offer-card-tags">
        {shown && <span className="offer-card-category">{shown}</span>}
        <OfferStatusBadge status={status} />
      </div>
    </div>
  );
}

type CardFactProps = { icon: 'icon-clock' | 'icon-people'; label: string; testId: string; value: string };

/** One of the card's facts: its icon (drawn from CSS) stands for the label, which only screen readers read. */
function CardFact({ icon, label, testId, value }: CardFactProps) {
  return (
    <div>
      <dt className="flex">
        <span className={`${icon} text-slate-400`} />
        <span className="sr-only">{label}</span>
      </dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

export function OfferCardFace({
  offer,
  title,
  status = 'open',
  category,
  className,
  receipt,
  creatorId,
  ...cover
}: OfferCardFaceProps) {
  const shown = category ?? offer.categories[0];
  return (
    <div className={cn('flex h-full flex-col', className)}>
      <CardCover offer={offer} status={status} shown={shown} {...cover} />
      <div className="offer-card-body">
        <h3 className="offer-card-title">{title ?? offer.title}</h3>
        <p className="offer-card-preview">{offer.previewText}</p>
        <dl className="offer-card-facts">
          <CardFact icon="icon-clock" label="Days left" testId="days-left" value={daysLeftLabel(offer.endDate)} />
          <CardFact icon="icon-people" label="Spots left" testId="spots" value={spotsLabel(offer.quantity)} />
        </dl>
        <p className="offer-card-by">
          <Avatar name={offer.username} picture={offer.userPicture} size={20} />
          {creatorId && !isDeletedUserId(creatorId) ? (
            <Link href={profilePath(offer.username)} prefetch={false} className="offer-card-creator">
              {handleLabel(offer.username)}
            </Link>
          ) : (
            <span className="truncate">{handleLabel(offer.username)}</span>
          )}
        </p>
        {receipt && (
          <p className="text-xs text-slate-600" data-testid="receipt">
            {receipt}
          </p>
        )}
      </div>
    </div>
  );
}

type OfferCardProps = Pick<OfferCardFaceProps, 'category' | 'className' | 'priority' | 'coverWidth'> & {
  envolvement: OfferCardDto;
  /**
   * A plain click opens the offer dialog where the page has an OfferDialogs around its cards;
   * the title stays a link to the detail page for every other way of following it.
   */
  dialog?: boolean;
  /** Show the viewer's receipt under the card (their purchases). */
  receipt?: boolean;
};

// The whole card follows the title's link, stretched over it (::after), so the card holds
// headings and lists instead of squeezing them into a link; the creator's link sits above
// that stretch. Nothing here runs in the browser: Explore draws up to 132 cards from the
// server, and only the one dialog that opens from them is client code. Its styles are named
// in app/globals.css for the same reason.
export function OfferCard({ envolvement, dialog = false, className, receipt: showReceipt, ...face }: OfferCardProps) {
  const mark = membershipMark(envolvement.removed, envolvement.membership);
  const receipt =
    showReceipt && envolvement.membership ? receiptLine(envolvement.membership, envolvement.username) : null;
  // A removed envolvement already carries its mark along the cover's foot.
  const status = envolvement.removed ? 'open' : offerStatus(envolvement);
  const title = (
    // Not prefetched: Explore shows dozens of cards, and a visitor opens one or two.
    <Link
      href={envolvementPagePath(envolvement)}
      prefetch={false}
      className="offer-card-open"
      {...(dialog ? { [DIALOG_LINK]: envolvement._id } : {})}
    >
      {envolvement.title}
    </Link>
  );
  return (
    <article className={cn('offer-card', className)} data-testid="offer-card">
      <OfferCardFace
        offer={envolvement}
        creatorId={envolvement.userID}
        mark={mark}
        status={status}
        receipt={receipt}
        title={title}
        {...face}
      />
    </article>
  );
}

export function OfferCardSkeleton({ className }: { className?: string }) {
  return (
    <div
      className={cn('overflow-hidden rounded-2xl border border-slate-200 bg-white', className)}
      aria-hidden
      data-testid="card-skeleton"
    >
      <div className="h-40 animate-pulse bg-slate-200" />
      <div className="space-y-2 p-4">
        <div className="h-4 w-3/4 animate-pulse rounded bg-slate-200" />
        <div className="h-3 w-full animate-pulse rounded bg-slate-100" />
        <div className="h-3 w-1/2 animate-pulse rounded bg-slate-100" />
        <div className="flex justify-between pt-3">
          <div className="h-3 w-16 animate-pulse rounded bg-slate-100" />
          <div className="h-3 w-12 animate-pulse rounded bg-slate-100" />
        </div>
        <div className="flex items-center gap-2 pt-2">
          <div className="h-5 w-5 animate-pulse rounded-full bg-slate-200" />
          <div className="h-3 w-24 animate-pulse rounded bg-slate-100" />
        </div>
      </div>
    </div>
  );
}
