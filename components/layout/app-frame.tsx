'use client';

import { useState, type ReactNode } from 'react';
import { SideMenu } from './side-menu';

const DESKTOP_QUERY = '(min-width: 769px)';

/** The side menu beside the page; the menu's open state lives here. */
export function AppFrame({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<boolean | null>(null);

  function toggle() {
    setOpen((current) => {
      const shownOpen = current ?? window.matchMedia(DESKTOP_QUERY).matches;
      return !shownOpen;
    });
  }

  return (
    <div className="flex">
      <SideMenu open={open} onToggle={toggle} />
      <div className="flex min-w-0 flex-1 flex-col">{children}</div>
    </div>
  );
}
