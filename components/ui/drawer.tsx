'use client';

import type { ReactNode } from 'react';
import { CloseButton, Modal, ModalPanel, ModalTitle, ModalTrigger } from './modal';

// A drawer is a modal dialog pinned to the left edge; the backdrop right of it is its scrim.
export const Drawer = Modal;
export const DrawerTrigger = ModalTrigger;

type DrawerContentProps = { title: string; children: ReactNode };

/** The panel; the title is shown at the top beside a close button. */
export function DrawerContent({ title, children }: DrawerContentProps) {
  return (
    <ModalPanel className="drawer-panel fixed inset-y-0 right-auto left-0 m-0 flex h-full max-h-none w-72 max-w-[85vw] flex-col border-0 bg-white p-0 text-inherit shadow-2xl backdrop:bg-slate-900/50 focus:outline-none">
      <div className="flex h-16 shrink-0 items-center justify-between border-b border-slate-200 px-4">
        <ModalTitle className="text-base font-semibold text-ink">{title}</ModalTitle>
        <CloseButton className="inline-flex h-10 w-10 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100" />
      </div>
      {children}
    </ModalPanel>
  );
}
