'use client';

import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { CloseIcon } from './line-icon';

// A drawer is a modal dialog pinned to the left edge: Radix traps focus inside it,
// closes it on Escape and on a click on the scrim, and gives focus back to its trigger.
export const Drawer = RadixDialog.Root;
export const DrawerTrigger = RadixDialog.Trigger;

type DrawerContentProps = { title: string; children: ReactNode };

/** The panel and its scrim; the title is shown at the top beside a close button. */
export function DrawerContent({ title, children }: DrawerContentProps) {
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay data-testid="drawer-scrim" className="fixed inset-0 z-40 bg-slate-900/50" />
      <RadixDialog.Content
        aria-describedby={undefined}
        className="drawer-panel fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-white shadow-2xl focus:outline-none"
      >
        <div className="flex h-16 shrink-0 items-center justify-between border-b border-slate-200 px-4">
          <RadixDialog.Title className="text-base font-semibold text-ink">{title}</RadixDialog.Title>
          <RadixDialog.Close
            aria-label="Close"
            className="inline-flex h-10 w-10 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100"
          >
            <CloseIcon />
          </RadixDialog.Close>
        </div>
        {children}
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}
