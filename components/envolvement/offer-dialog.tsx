import { formatDay } from '@/lib/domain/dates';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { DialogFollow } from '@/components/follows/dialog-follow';
import { Avatar } from '@/components/layout/avatar';
import { buttonClasses } from '@/components/ui/button';
import { handleLabel } from '@/lib/domain/deleted-member';
import { formatPrice } from '@/lib/domain/money';
import {
  daysLeft,
  daysLeftLabel,
  offerAction,
  offerStatus,
  spotsLabel,
  type OfferAction,
  type OfferViewer,
} from '@/lib/envolvements/rules';
import type { EnvolvementDto, OfferCardDto } from '@/lib/envolvements/types';
import { mayWaitForSpot } from '@/lib/spot-waits/rules';
import { CategoryChips } from './category-chips';
import { OfferCover } from './cover-image';
import { CreatorLink } from './creator-link';
import { OfferStatusBadge } from './offer-action';
import { OfferActionSlot } from './offer-action-slot';
import { CalendarIcon, PeopleIcon, TagIcon } from './offer-icons';
import { envolvementPagePath } from '@/lib/seo/urls';

/** The dialog's end date: 'No Deadline', or 'Ends in 3 days' / 'Ends today' / 'Ended' with the date. */
export function endDateParts(
  endDate: EnvolvementDto['endDate'],
  now: Date = new Date(),
): { text: string; date: string | null } {
  const days = daysLeft(endDate, now);
  if (days === null || !endDate.endDate) return { text: 'No Deadline', date: null };
  const date = formatDay(endDate.endDate);
  if (days < 0) return { text: 'Ended', date };
  if (days === 0) return { text: 'Ends today', date };
  return { text: `Ends in ${daysLeftLabel(endDate, now).toLowerCase()}`, date };
}

/** The end date as one line: 'Ends in 3 days · Jan 5, 2027'. */
export function endDateLine(endDate: EnvolvementDto['endDate'], now: Date = new Date()): string {
  const { text, date } = endDateParts(endDate, now);
  return date ? `${text} · ${date}` : text;
}

type FactProps = { icon: ReactNode; label: string; value: string; detail?: string | null; testId?: string };

function Fact({ icon, label, value, detail, testId }: FactProps) {
  return (
    // A <dl> group holds only <dt> and <dd>, so the icon sits inside the term.
    <div className="relative min-w-0 pl-7">
      <dt className="text-xs text-slate-500">
        <span className="absolute top-0.5 left-0 text-brand-600">{icon}</span>
        {label}
      </dt>
      <dd className="font-semibold text-ink" data-testid={testId}>
        {value}
        {detail && <span className="block text-xs font-normal text-slate-500">{detail}</span>}
      </dd>
    </div>
  );
}

type OfferDialogBodyProps = {
  envolvement: OfferCardDto;
  /** The full description, once the dialog has read it; the preview text stands in until then. */
  description?: string | null;
  viewer: OfferViewer;
  /** The viewer's action is not known yet (who is signed in, or whether they joined). */
  pending?: boolean;
  now?: Date;
};

/** Everything the offer dialog shows under its title, and the viewer's action. */
export function OfferDialogBody({ envolvement, description, viewer, pending = false, now }: OfferDialogBodyProps) {
  const action: OfferAction = pending
    ? { kind: 'disabled', label: 'Checking…', reason: 'Checking whether you can join.' }
    : offerAction(envolvement, viewer, now);
  const ends = endDateParts(envolvement.endDate, now);
  return (
    <div className="space-y-5">
      <div className="relative">
        <OfferCover
          offer={envolvement}
          className="h-48 w-full rounded-xl sm:h-56"
          sizes="(min-width: 640px) 36rem, 100vw"
        />
        <OfferStatusBadge status={offerStatus(envolvement, now)} className="absolute top-3 left-3" />
      </div>
      <p className="text-sm whitespace-pre-line text-slate-700" data-testid="dialog-description">
        {description || envolvement.previewText}
      </p>
      {envolvement.categories.length > 0 && <CategoryChips categories={envolvement.categories} />}
      <dl className="grid grid-cols-1 gap-3 rounded-xl bg-slate-50 p-4 text-sm sm:grid-cols-[1.4fr_1fr_1fr]">
        <Fact icon={<CalendarIcon />} label="End date" value={ends.text} detail={ends.date} testId="dialog-end-date" />
        <Fact icon={<PeopleIcon />} label="Spots" value={spotsLabel(envolvement.quantity)} testId="dialog-spots" />
        <Fact
          icon={<TagIcon />}
          label="Price"
          value={formatPrice(envolvement.priceCents, envolvement.currency)}
          testId="dialog-price"
        />
      </dl>
      <p className="flex items-center gap-2 text-sm text-slate-600">
        <Avatar name={envolvement.username} picture={envolvement.userPicture} size={28} />
        <span>
          By{' '}
          <CreatorLink userId={envolvement.userID} handle={envolvement.username}>
            {handleLabel(envolvement.username)}
          </CreatorLink>
        </span>
        <span className="ml-auto">
          <DialogFollow creatorId={envolvement.userID} viewerId={viewer.viewerId} pending={pending} />
        </span>
      </p>
      {/* Kept in sight at the dialog's foot while the rest scrolls: on a phone the offer's
          facts fill the screen, and its actions must not wait below them. */}
      <div className="sticky -bottom-6 -mx-6 -mb-6 flex flex-col-reverse gap-2 border-t border-slate-100 bg-white px-6 pt-4 pb-6 sm:flex-row sm:items-start">
        <Link href={envolvementPagePath(envolvement)} className={buttonClasses('secondary', 'md', 'w-full sm:flex-1')}>
          View Details
        </Link>
        <OfferActionSlot
          action={action}
          id={`dialog-${envolvement._id}`}
          className="sm:flex-1"
          wait={
            !pending && mayWaitForSpot(envolvement, viewer.viewerId, now) ? { envolvementId: envolvement._id } : null
          }
        />
      </div>
    </div>
  );
}
