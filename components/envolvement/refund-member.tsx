'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { api, messageOf } from '@/lib/api-client';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { formatPrice } from '@/lib/envolvements/rules';
import type { MemberDto as Member } from '@/lib/envolvements/types';

type RefundMemberProps = { member: Member; onRefunded: (member: Member) => void };

/** The creator's 'Refund' button on a member row, with its confirmation. */
export function RefundMember({ member, onRefunded }: RefundMemberProps) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const amount = formatPrice(member.amountCents - member.amountRefundedCents);

  async function refund() {
    setBusy(true);
    setError(null);
    try {
      onRefunded(
        await api<Member>(`/api/payment/refund/${member.purchaseId}`, {
          method: 'POST',
          fallback: 'The refund failed. Please try again.',
        }),
      );
      setOpen(false);
    } catch (failure) {
      // The server's reason, or NETWORK_ERROR when no answer came.
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => (setOpen(next), setError(null))}>
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm">
          Refund
        </Button>
      </DialogTrigger>
      <DialogContent
        title={`Refund ${member.username}?`}
        description={`${member.username} gets ${amount} back in full and loses access to this envolvement. This cannot be undone.`}
      >
        {error && (
          <p role="alert" className="mb-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
            {error}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button variant="danger" onClick={refund} disabled={busy}>
            {busy ? 'Refunding...' : `Refund ${amount}`}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
