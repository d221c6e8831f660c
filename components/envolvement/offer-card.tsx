'use client';

import Link from 'next/link';
import { useEffect, useState, type ReactNode } from 'react';
import { Avatar } from '@/components/layout/avatar';
import { cn } from '@/components/ui/cn';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { handleLabel } from '@/lib/domain/deleted-member';
import type { Category } from '@/lib/domain/categories';
import { formatPrice } from '@/lib/domain/money';
import {
  daysLeftLabel,
  membershipMark,
  offerStatus,
  receiptLine,
  spotsLabel,
  type OfferStatus,
  type OfferViewer,
} from '@/lib/envolvements/rules';
import { api } from '@/lib/api-client';
import { useViewer } from '@/components/layout/viewer-context';
import type { EnvolvementDto, OfferCardDto, OfferFace } from '@/lib/envolvements/types';
import { CoverImage } from './cover-image';
import { OfferStatusBadge } from './offer-action';
import { OfferDialogBody } from './offer-dialog';

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
          <span className="truncate">{handleLabel(offer.username)}</span>
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
  viewer: OfferViewer;
  /** 'dialog' opens the offer dialog; 'link' goes straight to the detail page. */
  mode?: 'dialog' | 'link';
  /** Show the viewer's receipt under the card (their purchases). */
  receipt?: boolean;
};

// The whole card is clickable through the title's control stretched over it (::after), so
// the card holds headings and lists instead of squeezing them into a button or a link. Its
// styles are named in app/globals.css: Explore repeats the card more than a hundred times.
export function OfferCard({
  envolvement,
  viewer,
  mode = 'dialog',
  className,
  receipt: showReceipt,
  ...face
}: OfferCardProps) {
  const mark = membershipMark(envolvement.removed, envolvement.membership);
  const receipt =
    showReceipt && envolvement.membership ? receiptLine(envolvement.membership, envolvement.username) : null;
  // A removed envolvement already carries its mark along the cover's foot.
  const status = envolvement.removed ? 'open' : offerStatus(envolvement);
  const card = (title: ReactNode) => (
    <article className={cn('offer-card', className)} data-testid="offer-card">
      <OfferCardFace offer={envolvement} mark={mark} status={status} receipt={receipt} title={title} {...face} />
    </article>
  );
  if (mode === 'link') {
    return card(
      <Link href={`/envolvement/${envolvement._id}`} className="offer-card-open">
        {envolvement.title}
      </Link>,
    );
  }
  return (
    <Dialog>
      {card(<DialogTrigger className="offer-card-open">{envolvement.title}</DialogTrigger>)}
      <DialogContent title={envolvement.title}>
        <OfferDialogDetails envolvement={envolvement} viewer={viewer} />
      </DialogContent>
    </Dialog>
  );
}

/** The dialog's body: the card's facts at once, and the description read when the dialog opens. */
function OfferDialogDetails({ envolvement, viewer }: { envolvement: OfferCardDto; viewer: OfferViewer }) {
  const [full, setFull] = useState<EnvolvementDto | null>(null);
  const [failed, setFailed] = useState(false);
  const live = useViewer();
  useEffect(() => {
    const controller = new AbortController();
    api<EnvolvementDto>(`/api/post/${envolvement._id}`, { signal: controller.signal })
      .then(setFull)
      // Without it the dialog keeps the preview text and the card's own facts.
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => controller.abort();
  }, [envolvement._id]);
  // A list sent the same to everyone (Explore, from the cache) knows no viewer: who is signed
  // in comes from the browser's session, and whether they joined and how many spots are left
  // from the envolvement read as the dialog opens.
  const viewerId = viewer.viewerId ?? (live.status === 'ready' ? (live.viewer?.id ?? null) : null);
  const offer = full ? { ...envolvement, purchasedBy: full.purchasedBy, quantity: full.quantity } : envolvement;
  const settled = viewer.viewerId !== null || (live.status === 'ready' && (!live.viewer || full !== null || failed));
  return (
    <OfferDialogBody
      envolvement={offer}
      description={full?.description ?? null}
      viewer={{ ...viewer, viewerId }}
      pending={!settled}
    />
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
