'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { formatPrice } from '@/lib/envolvements/rules';
import { api, messageOf } from '@/lib/api-client';
import { useReportError } from './error-banner';

export type DeletionImpact = { members: number; paidMembers: number; refundCents: number };

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const DELETE_FAILED = 'Failed to delete envolvement';
/** What deleting does to the people who joined, said before the creator confirms. */
function ImpactNote({ impact }: { impact: DeletionImpact }) {
  if (impact.members === 0 && impact.paidMembers === 0) return null;
  return (
    <div className="mb-5 space-y-1 rounded-xl bg-amber-50 p-4 text-sm text-amber-900" data-testid="delete-impact">
      <p className="font-semibold">{plural(impact.members, 'member has', 'members have')} joined this envolvement.</p>
      <p>It will leave Explore, profiles and search; its members keep it in their purchases, marked as removed.</p>
      <p>
        {impact.paidMembers > 0
          ? `${plural(impact.paidMembers, 'paid member', 'paid members')} will be refunded in full (${formatPrice(impact.refundCents)} in total).`
          : 'Nobody paid for it, so there is nothing to refund.'}
      </p>
    </div>
  );
}

export function DeleteEnvolvement({ envolvementId, impact }: { envolvementId: string; impact: DeletionImpact }) {
  const router = useRouter();
  const report = useReportError();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  async function remove() {
    setBusy(true);
    try {
      const removal = await api<{ archived: boolean }>(`/api/post/${envolvementId}`, {
        method: 'DELETE',
        fallback: DELETE_FAILED,
      });
      router.push(`/profile?deleted=${removal.archived ? 'archived' : 'deleted'}`);
      router.refresh();
    } catch (failure) {
      report(messageOf(failure, DELETE_FAILED));
      setOpen(false);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="danger" size="sm">
          Delete
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Delete Envolvement"
        description="Are you sure you want to delete this envolvement? This action cannot be undone."
      >
        <ImpactNote impact={impact} />
        <div className="flex justify-end gap-2">
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button variant="danger" onClick={remove} disabled={busy}>
            {busy ? 'Deleting...' : impact.paidMembers > 0 ? 'Delete and refund' : 'Delete'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
