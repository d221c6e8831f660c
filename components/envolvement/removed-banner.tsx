import { formatMoney } from '@/lib/domain/money';
import { REMOVED_MESSAGE } from '@/lib/envolvements/rules';
import type { MembershipDto } from '@/lib/envolvements/types';

function detailFor(isCreator: boolean, membership: MembershipDto | null): string {
  if (isCreator) return 'It no longer appears in Explore, on profiles or in search. Paid members are refunded in full.';
  if (!membership || membership.free)
    return 'You joined for free, so there is nothing to refund. You can still read what was posted.';
  const amount = formatMoney(membership.amountCents, membership.currency);
  if (membership.endReason === 'refunded') return `Your payment of ${amount} was refunded in full.`;
  return `Your payment of ${amount} is being refunded in full.`;
}

/** Above a removed envolvement, for the creator and the members who still see it. */
export function RemovedBanner({ isCreator, membership }: { isCreator: boolean; membership: MembershipDto | null }) {
  return (
    <div
      role="status"
      className="mb-6 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
      data-testid="removed-banner"
    >
      <p className="font-semibold">{REMOVED_MESSAGE}</p>
      <p className="mt-0.5">{detailFor(isCreator, membership)}</p>
    </div>
  );
}
