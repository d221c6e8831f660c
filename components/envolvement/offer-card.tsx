'use client';

import Link from 'next/link';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { daysLeftLabel, dialogAction, formatPrice, profileSlug, spotsLabel } from '@/lib/envolvements/rules';
import type { EnvolvementDto } from '@/lib/envolvements/types';
import { CategoryChips } from './category-chips';
import { CoverImage } from './cover-image';

type OfferCardProps = {
  envolvement: EnvolvementDto;
  viewerId: string | null;
  /** 'dialog' opens the offer dialog; 'link' goes straight to the detail page. */
  mode?: 'dialog' | 'link';
  className?: string;
};

function CardBody({ envolvement }: { envolvement: EnvolvementDto }) {
  return (
    <>
      <div className="relative">
        <CoverImage src={envolvement.imgUrl} className="h-40 w-full" />
        <span className="absolute top-3 right-3 rounded-full bg-white/95 px-3 py-1 text-sm font-bold text-brand-700 shadow">
          {formatPrice(envolvement.priceCents)}
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4 text-left">
        <h3 className="line-clamp-2 font-semibold text-ink">{envolvement.title}</h3>
        <p className="line-clamp-2 text-sm text-slate-600">{envolvement.previewText}</p>
        <dl className="mt-auto grid grid-cols-2 gap-2 pt-2 text-xs text-slate-600">
          <div>
            <dt className="sr-only">Days left</dt>
            <dd data-testid="days-left">{daysLeftLabel(envolvement.endDate)}</dd>
          </div>
          <div className="text-right">
            <dt className="sr-only">Spots left</dt>
            <dd data-testid="spots">{spotsLabel(envolvement.quantity)}</dd>
          </div>
        </dl>
        <p className="text-xs font-medium text-slate-500">by @{envolvement.username}</p>
      </div>
    </>
  );
}

const cardClasses =
  'flex h-full w-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-md';

export function OfferCard({ envolvement, viewerId, mode = 'dialog', className }: OfferCardProps) {
  if (mode === 'link') {
    return (
      <Link href={`/envolvement/${envolvement._id}`} className={cn(cardClasses, className)} data-testid="offer-card">
        <CardBody envolvement={envolvement} />
      </Link>
    );
  }
  const action = dialogAction(envolvement._id, envolvement.priceCents, {
    viewerId,
    creatorId: envolvement.userID,
    hasBought: Boolean(viewerId && envolvement.purchasedBy.includes(viewerId)),
  });
  const daysLeft = daysLeftLabel(envolvement.endDate);
  return (
    <Dialog>
      <DialogTrigger className={cn(cardClasses, className)} data-testid="offer-card" aria-label={`${envolvement.title}: details`}>
        <CardBody envolvement={envolvement} />
      </DialogTrigger>
      <DialogContent title={envolvement.title}>
        <CoverImage src={envolvement.imgUrl} className="h-48 w-full rounded-xl" />
        <p className="mt-4 text-sm whitespace-pre-line text-slate-700">{envolvement.description || envolvement.previewText}</p>
        <div className="mt-4">
          <CategoryChips categories={envolvement.categories} />
        </div>
        <dl className="mt-4 grid grid-cols-3 gap-3 rounded-xl bg-slate-50 p-3 text-sm">
          <div>
            <dt className="text-xs text-slate-500">Ends</dt>
            <dd className="font-medium">{daysLeft === 'No Deadline' || daysLeft === 'Ended' ? daysLeft : `Ends in ${daysLeft.toLowerCase()}`}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Spots</dt>
            <dd className="font-medium">{spotsLabel(envolvement.quantity)}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Price</dt>
            <dd className="font-medium">{formatPrice(envolvement.priceCents)}</dd>
          </div>
        </dl>
        <p className="mt-4 text-sm text-slate-600">
          By{' '}
          <Link href={`/profile/${encodeURIComponent(profileSlug(envolvement.userID))}`} className="font-semibold text-brand-700 hover:underline">
            @{envolvement.username}
          </Link>
        </p>
        <div className="mt-6 flex flex-col gap-2 sm:flex-row">
          <Link href={`/envolvement/${envolvement._id}`} className={buttonClasses('secondary', 'md', 'flex-1')}>
            View Details
          </Link>
          {action.kind === 'join' ? (
            <Link href={action.href} className={buttonClasses('primary', 'md', 'flex-1')}>
              {action.label}
            </Link>
          ) : (
            <button type="button" disabled className={buttonClasses('primary', 'md', 'flex-1')}>
              {action.label}
            </button>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}

export function OfferCardSkeleton({ className }: { className?: string }) {
  return (
    <div className={cn('overflow-hidden rounded-2xl border border-slate-200 bg-white', className)} aria-hidden data-testid="card-skeleton">
      <div className="h-40 animate-pulse bg-slate-200" />
      <div className="space-y-2 p-4">
        <div className="h-4 w-3/4 animate-pulse rounded bg-slate-200" />
        <div className="h-3 w-full animate-pulse rounded bg-slate-100" />
        <div className="h-3 w-1/2 animate-pulse rounded bg-slate-100" />
      </div>
    </div>
  );
}
