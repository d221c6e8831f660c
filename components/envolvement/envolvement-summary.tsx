import type { ReactNode } from 'react';
import { formatDay } from '@/lib/domain/dates';
import { CreatorFollow } from '@/components/follows/creator-follow';
import { Avatar } from '@/components/layout/avatar';
import { cn } from '@/components/ui/cn';
import { formatPrice } from '@/lib/domain/money';
import { isPublished, spotsLabel, type OfferStatus } from '@/lib/envolvements/rules';
import { envolvementPath } from '@/lib/seo/urls';
import { ShareButton } from '@/components/share/share-button';
import type { EnvolvementDto } from '@/lib/envolvements/types';
import { CategoryChips } from './category-chips';
import { OfferCover } from './cover-image';
import { CreatorLink } from './creator-link';
import { DateTiles } from './date-tiles';
import { OfferStatusBadge } from './offer-action';

/** Who posted it and when, the way to share it once it is public, then its price and the spots left. */
function CreatorAndFacts({ envolvement }: { envolvement: EnvolvementDto }) {
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <Avatar name={envolvement.creatorName} picture={envolvement.userPicture} size={40} />
          <p className="text-sm text-slate-600">
            Posted by{' '}
            <CreatorLink userId={envolvement.userID} handle={envolvement.username}>
              {envolvement.creatorName}
            </CreatorLink>
            <br />
            <time dateTime={envolvement.datePublished}>{formatDay(envolvement.datePublished)}</time>
          </p>
          <CreatorFollow />
        </div>
        {isPublished(envolvement) && <ShareButton path={envolvementPath(envolvement._id)} title={envolvement.title} />}
      </div>
      <dl className="flex flex-wrap gap-8">
        <div>
          <dt className="text-xs font-medium text-slate-500">Price</dt>
          <dd className="text-xl font-bold text-ink">{formatPrice(envolvement.priceCents, envolvement.currency)}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-slate-500">Spots</dt>
          <dd className="text-xl font-bold text-ink" data-testid="spots-left">
            {spotsLabel(envolvement.quantity)}
          </dd>
        </div>
      </dl>
    </>
  );
}

/**
 * The price and the viewer's action (`action`, drawn once the viewer is known): beside the
 * title on wide screens, and held at the foot of the screen on phones, so the way to join is
 * never scrolled away.
 */
function JoinBar({ envolvement, action }: { envolvement: EnvolvementDto; action: ReactNode }) {
  return (
    <div
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-4px_16px_rgba(15,23,42,0.08)] backdrop-blur md:static md:z-auto md:w-60 md:shrink-0 md:border-0 md:bg-transparent md:p-0 md:shadow-none md:backdrop-blur-none"
      data-testid="join-bar"
    >
      <div className="mx-auto flex max-w-5xl items-center gap-4 md:flex-col md:items-stretch md:gap-2">
        <p className="shrink-0 text-xl font-extrabold text-ink md:text-right md:text-2xl">
          <span className="sr-only">Price: </span>
          {formatPrice(envolvement.priceCents, envolvement.currency)}
        </p>
        <div className="min-w-0 flex-1 md:flex-none">{action}</div>
      </div>
    </div>
  );
}

/** The badge row: the offer's state, and for its creator the tools that change it (`tools`). */
function StateRow({
  envolvement,
  status,
  tools,
}: {
  envolvement: EnvolvementDto;
  status: OfferStatus;
  tools: ReactNode;
}) {
  return (
    <div className="flex min-h-9 flex-wrap items-center justify-between gap-3">
      <div className="flex flex-wrap gap-2">
        {status === 'open' ? (
          <span className="rounded-full bg-green-100 px-3 py-1 text-xs font-bold text-green-800">ACTIVE</span>
        ) : (
          <OfferStatusBadge status={status} className="px-3 py-1" />
        )}
        {/* Its creator must know a sold-out or ended draft is still unpublished. */}
        {!envolvement.active && status !== 'draft' && <OfferStatusBadge status="draft" className="px-3 py-1" />}
      </div>
      {tools}
    </div>
  );
}

type SummaryProps = {
  envolvement: EnvolvementDto;
  status: OfferStatus;
  /** The join bar's action, for everyone but on a removed envolvement, which has no join bar. */
  action: ReactNode | null;
  /** Publish, Edit and Delete, shown to its creator only. */
  tools: ReactNode;
};

/** The envolvement itself, as everyone may read it: cover, state, title, creator, price, spots, text, dates. */
export function EnvolvementSummary({ envolvement, status, action, tools }: SummaryProps) {
  return (
    <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <OfferCover
        offer={envolvement}
        className="h-64 w-full sm:h-[400px]"
        sizes="(min-width: 1152px) 1152px, 100vw"
        priority
      />
      <div className="space-y-5 p-5 sm:p-6">
        <StateRow envolvement={envolvement} status={status} tools={tools} />
        <div className={cn('flex flex-col gap-4', action !== null && 'md:flex-row md:items-start md:justify-between')}>
          <div className="min-w-0 space-y-3">
            <h1 className="text-2xl font-extrabold tracking-tight [overflow-wrap:anywhere] text-ink sm:text-3xl">
              {envolvement.title}
            </h1>
            <CategoryChips categories={envolvement.categories} />
          </div>
          {action !== null && <JoinBar envolvement={envolvement} action={action} />}
        </div>
        <CreatorAndFacts envolvement={envolvement} />
        <p className="whitespace-pre-line [overflow-wrap:anywhere] text-slate-700">
          {envolvement.description || envolvement.previewText}
        </p>
        <DateTiles
          tiles={[
            { label: 'End Date', value: envolvement.endDate.endDate },
            { label: 'Submissions Deadline', value: envolvement.submissions.submissionDeadline },
            { label: 'Release Date', value: envolvement.published.publishedReleaseDate },
            { label: 'Target Date', value: envolvement.targetEnvolvmentDate },
          ]}
        />
      </div>
    </div>
  );
}
