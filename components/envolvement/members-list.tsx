'use client';

import { formatDay } from '@/lib/domain/dates';
import Link from 'next/link';
import { useState } from 'react';
import { Avatar } from '@/components/layout/avatar';
import { usePageRefresh } from '@/components/layout/viewer-context';
import { Button } from '@/components/ui/button';
import { api } from '@/lib/api-client';
import { isDeletedUserId } from '@/lib/domain/deleted-member';
import { formatMoney, formatPrice } from '@/lib/domain/money';
import { profileSlug } from '@/lib/envolvements/rules';
import type { MemberDto as Member, MemberPage as Page } from '@/lib/envolvements/types';
import { PAYMENT_STATUS_LABELS } from '@/lib/domain/ledger-rules';
import { RefundMember } from './refund-member';

function statusOf(member: Member): { label: string; tone: string } {
  if (member.paymentStatus === null) return { label: 'Free', tone: 'bg-slate-100 text-slate-700' };
  if (member.endReason === 'refunded' || member.paymentStatus === 'refunded')
    return { label: 'Refunded', tone: 'bg-amber-100 text-amber-900' };
  const tone = member.paymentStatus === 'succeeded' ? 'bg-green-100 text-green-800' : 'bg-amber-100 text-amber-900';
  return { label: PAYMENT_STATUS_LABELS[member.paymentStatus], tone };
}

function MemberRow({
  member,
  canRefund,
  onRefunded,
}: {
  member: Member;
  canRefund: boolean;
  onRefunded: (m: Member) => void;
}) {
  const status = statusOf(member);
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3" data-testid="member-row">
      <div className="flex min-w-0 flex-1 basis-48 items-center gap-3">
        <Avatar name={member.username} picture={member.userPicture} size={36} />
        <div className="min-w-0">
          {isDeletedUserId(member.userID) ? (
            <span className="block truncate font-semibold text-slate-600">{member.username}</span>
          ) : (
            <Link
              href={`/profile/${encodeURIComponent(profileSlug(member.userID))}`}
              className="block truncate font-semibold text-ink hover:underline"
            >
              {member.username}
            </Link>
          )}
          <p className="text-xs text-slate-500">
            Joined <time dateTime={member.joinedAt}>{formatDay(member.joinedAt)}</time>
          </p>
        </div>
      </div>
      <p className="w-24 text-sm font-semibold text-ink">
        {formatPrice(member.amountCents, member.currency)}
        {member.amountRefundedCents > 0 && member.amountRefundedCents < member.amountCents && (
          <span className="block text-xs font-normal text-slate-500">
            {formatMoney(member.amountRefundedCents, member.currency)} refunded
          </span>
        )}
      </p>
      <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${status.tone}`} data-testid="member-status">
        {status.label}
      </span>
      <div className="ml-auto">
        {canRefund && member.refundable && <RefundMember member={member} onRefunded={onRefunded} />}
      </div>
    </li>
  );
}

/** The members shown so far, and the next page on request. */
function useMemberPages(envolvementId: string, initial: Page) {
  const [members, setMembers] = useState(initial.items);
  const [cursor, setCursor] = useState(initial.nextCursor);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function loadMore() {
    if (!cursor) return;
    setLoading(true);
    setError(null);
    try {
      const page = await api<Page>(`/api/post/${envolvementId}/members?cursor=${encodeURIComponent(cursor)}`);
      setMembers((current) => [...current, ...page.items]);
      setCursor(page.nextCursor);
    } catch {
      setError('Could not load more members. Please try again.');
    } finally {
      setLoading(false);
    }
  }

  return { members, setMembers, cursor, loading, error, loadMore };
}

/** The creator's record of who joined, refunded members included, with a refund per paid member. */
export function MembersList({
  envolvementId,
  initial,
  removed,
}: {
  envolvementId: string;
  initial: Page;
  removed: boolean;
}) {
  const { members, setMembers, cursor, loading, error, loadMore } = useMemberPages(envolvementId, initial);
  const refresh = usePageRefresh();
  // A refund gives the spot back: the row changes here, and the page (its spots left) is read again.
  const replace = (updated: Member) => {
    setMembers((current) => current.map((m) => (m.purchaseId === updated.purchaseId ? updated : m)));
    refresh();
  };

  if (members.length === 0) {
    return (
      <p className="rounded-2xl border border-dashed border-slate-300 p-10 text-center text-slate-600">
        Nobody has joined yet.
      </p>
    );
  }
  return (
    <section aria-label="Members" className="rounded-2xl border border-slate-200 bg-white px-4 shadow-sm sm:px-6">
      <ul className="divide-y divide-slate-100">
        {members.map((member) => (
          <MemberRow key={member.purchaseId} member={member} canRefund={!removed} onRefunded={replace} />
        ))}
      </ul>
      {(cursor || error) && (
        <div className="flex flex-col items-center gap-2 border-t border-slate-100 py-4">
          {error && (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
          {cursor && (
            <Button variant="secondary" size="sm" onClick={() => void loadMore()} disabled={loading}>
              {loading ? 'Loading...' : 'Load more members'}
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
