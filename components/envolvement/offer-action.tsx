import Link from 'next/link';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { OFFER_BADGES, type OfferAction, type OfferStatus } from '@/lib/envolvements/rules';
import { JoinFreeButton } from './join-free-button';

type OfferActionButtonProps = { action: OfferAction; id: string; className?: string };

/** The offer's action: a link to checkout or sign-in, a free join in one click, or a disabled button that says why. */
export function OfferActionButton({ action, id, className }: OfferActionButtonProps) {
  if (action.kind === 'join') {
    return <JoinFreeButton envolvementId={action.envolvementId} label={action.label} id={id} className={className} />;
  }
  if (action.kind === 'go') {
    return (
      <Link href={action.href} className={buttonClasses('primary', 'md', cn('w-full', className))}>
        {action.label}
      </Link>
    );
  }
  const reasonId = `${id}-reason`;
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <button
        type="button"
        disabled
        aria-describedby={reasonId}
        className={buttonClasses('primary', 'md', 'w-full')}
        data-testid="offer-action-disabled"
      >
        {action.label}
      </button>
      <p id={reasonId} className="text-center text-xs text-slate-600">
        {action.reason}
      </p>
    </div>
  );
}

const BADGE_COLORS: Record<Exclude<OfferStatus, 'open'>, string> = {
  draft: 'bg-amber-100 text-amber-900',
  removed: 'bg-slate-200 text-slate-800',
  sold_out: 'bg-rose-100 text-rose-900',
  ended: 'bg-slate-200 text-slate-800',
};

/** 'Draft', 'Sold out', 'Ended' or 'Removed'; nothing while the offer is open. */
export function OfferStatusBadge({ status, className }: { status: OfferStatus; className?: string }) {
  if (status === 'open') return null;
  return (
    <span
      className={cn('rounded-full px-2.5 py-0.5 text-xs font-bold', BADGE_COLORS[status], className)}
      data-testid="offer-status"
    >
      {OFFER_BADGES[status]}
    </span>
  );
}
