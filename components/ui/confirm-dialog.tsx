'use client';

import type { ReactElement, ReactNode } from 'react';
import { Button } from './button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from './dialog';

type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens it. */
  trigger: ReactElement;
  title: ReactNode;
  description: ReactNode;
  /** What stands above the buttons: what the change will do, or why it failed. */
  children?: ReactNode;
  /** The danger button, which makes the change. */
  confirm: { label: string; onClick: () => void; busy: boolean };
};

/** Asks before a change that cannot be undone: Cancel, or the danger button that makes it. */
export function ConfirmDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  children,
  confirm,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent title={title} description={description}>
        {children}
        <div className="flex justify-end gap-2">
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button variant="danger" onClick={confirm.onClick} disabled={confirm.busy}>
            {confirm.label}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
