'use client';

import type { ReactNode } from 'react';
import { cn } from './cn';
import { CloseButton, Modal, ModalClose, ModalDescription, ModalPanel, ModalTitle, ModalTrigger } from './modal';

export const Dialog = Modal;
export const DialogTrigger = ModalTrigger;
export const DialogClose = ModalClose;

type DialogContentProps = {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
};

/** A centred modal with a title, a close button and scrolling content. */
export function DialogContent({ title, description, children, className }: DialogContentProps) {
  return (
    <ModalPanel
      described={description !== undefined}
      className={cn(
        'fixed inset-0 m-auto h-fit max-h-[90vh] w-[calc(100vw-2rem)] max-w-lg overflow-y-auto rounded-2xl border-0 bg-white p-6 text-inherit shadow-2xl backdrop:bg-slate-900/50 backdrop:backdrop-blur-sm focus:outline-none',
        className,
      )}
    >
      <div className="flex items-start justify-between gap-4">
        <ModalTitle className="text-xl font-bold text-ink">{title}</ModalTitle>
        <CloseButton className="rounded-full p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800" />
      </div>
      {description !== undefined && (
        <ModalDescription className="mt-1 text-sm text-slate-600">{description}</ModalDescription>
      )}
      <div className="mt-4">{children}</div>
    </ModalPanel>
  );
}
