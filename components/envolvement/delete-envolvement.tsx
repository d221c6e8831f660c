'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { errorMessageOf, useReportError } from './error-banner';

export function DeleteEnvolvement({ envolvementId }: { envolvementId: string }) {
  const router = useRouter();
  const report = useReportError();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  async function remove() {
    setBusy(true);
    try {
      const response = await fetch(`/api/post/${envolvementId}`, { method: 'DELETE' });
      if (!response.ok) {
        report(await errorMessageOf(response, 'Failed to delete envolvement'));
        setOpen(false);
        return;
      }
      router.push('/profile');
      router.refresh();
    } catch {
      report('Failed to delete envolvement');
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
      <DialogContent title="Delete Envolvement" description="Are you sure you want to delete this envolvement? This action cannot be undone.">
        <div className="flex justify-end gap-2">
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button variant="danger" onClick={remove} disabled={busy}>
            {busy ? 'Deleting...' : 'Delete'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
