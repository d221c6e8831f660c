'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { formatMoney } from '@/lib/domain/money';
import { useApiAction } from '@/components/forms/use-api-action';
import { api } from '@/lib/api-client';
import { useReportError } from './error-banner';

export type DeletionImpact = { members: number; paidMembers: number; refundCents: number };

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const DELETE_FAILED = 'Failed to delete envolvement';
/** What deleting does to the people who joined, said before the creator confirms. */
function ImpactNote({ impact, currency }: { impact: DeletionImpact; currency: string }) {
  if (impact.members === 0 && impact.paidMembers === 0) return null;
  return (
    <div className="mb-5 space-y-1 rounded-xl bg-amber-50 p-4 text-sm text-amber-900" data-testid="delete-impact">
      <p className="font-semibold">{plural(impact.members, 'member has', 'members have')} joined this envolvement.</p>
      <p>It will leave Explore, profiles and search; its members keep it in their purchases, marked as removed.</p>
      <p>
        {impact.paidMembers > 0
          ? `${plural(impact.paidMembers, 'paid member', 'paid members')} will be refunded in full (${formatMoney(impact.refundCents, currency)} in total).`
          : 'Nobody paid for it, so there is nothing to refund.'}
      </p>
    </div>
  );
}

type DeleteEnvolvementProps = {
  envolvementId: string;
  /** The envolvement's currency, which its members paid in. */
  currency: string;
  impact: DeletionImpact;
};

export function DeleteEnvolvement({ envolvementId, currency, impact }: DeleteEnvolvementProps) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const { busy, run } = useApiAction({ message: DELETE_FAILED, report: useReportError() });

  async function remove() {
    const outcome = await run({
      async send() {
        const removal = await api<{ archived: boolean }>(`/api/post/${envolvementId}`, {
          method: 'DELETE',
          fallback: DELETE_FAILED,
        });
        router.push(`/profile?deleted=${removal.archived ? 'archived' : 'deleted'}`);
        router.refresh();
      },
    });
    // The banner above the page says why; the dialog would hide it.
    if (outcome === 'failed') setOpen(false);
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="danger" size="sm">
          Delete
        </Button>
      }
      title="Delete Envolvement"
      description="Are you sure you want to delete this envolvement? This action cannot be undone."
      confirm={{
        label: busy ? 'Deleting...' : impact.paidMembers > 0 ? 'Delete and refund' : 'Delete',
        onClick: () => void remove(),
        busy,
      }}
    >
      <ImpactNote impact={impact} currency={currency} />
    </ConfirmDialog>
  );
}
