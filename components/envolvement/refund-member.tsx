'use client';

import { useState } from 'react';
import { FormAlert } from '@/components/forms/form-alert';
import { useApiAction } from '@/components/forms/use-api-action';
import { Button } from '@/components/ui/button';
import { api } from '@/lib/api-client';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { formatMoney } from '@/lib/domain/money';
import type { MemberDto as Member } from '@/lib/envolvements/types';

type RefundMemberProps = { member: Member; onRefunded: (member: Member) => void };

/** The creator's 'Refund' button on a member row, with its confirmation. */
export function RefundMember({ member, onRefunded }: RefundMemberProps) {
  const [open, setOpen] = useState(false);
  // The server's reason, or NETWORK_ERROR when no answer came.
  const { busy, error, run, reset } = useApiAction();
  const amount = formatMoney(member.amountCents - member.amountRefundedCents, member.currency);

  const refund = () =>
    run({
      async send() {
        const refunded = await api<Member>(`/api/payment/refund/${member.purchaseId}`, {
          method: 'POST',
          fallback: 'The refund failed. Please try again.',
        });
        onRefunded(refunded);
        setOpen(false);
      },
    });

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => (setOpen(next), reset())}
      trigger={
        <Button variant="secondary" size="sm">
          Refund
        </Button>
      }
      title={`Refund ${member.username}?`}
      description={`${member.username} gets ${amount} back in full and loses access to this envolvement. This cannot be undone.`}
      confirm={{ label: busy ? 'Refunding...' : `Refund ${amount}`, onClick: () => void refund(), busy }}
    >
      <FormAlert message={error} boxed className="mb-4" />
    </ConfirmDialog>
  );
}
