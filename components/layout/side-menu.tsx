'use client';

import { useState } from 'react';
import { cn } from '@/components/ui/cn';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';
import { MenuItems } from './menu-items';

/**
 * The side menu from 768px up: open (18rem) by default, collapsible to icons (4rem).
 * Narrower screens do not show it; the top bar's menu button opens a drawer instead.
 */
export function SideMenu() {
  const [open, setOpen] = useState(true);

  return (
    <nav
      aria-label="Main"
      data-testid="side-menu"
      data-state={open ? 'open' : 'collapsed'}
      className={cn(
        'sticky top-16 hidden h-[calc(100vh-4rem)] shrink-0 flex-col border-r border-slate-200 bg-white transition-[width] duration-200 motion-reduce:transition-none md:flex',
        open ? 'w-72' : 'w-16',
      )}
    >
      <MenuItems collapsed={!open} />
      <div className="border-t border-slate-200 p-2">
        {/* The name is the visible label when there is one, so voice users can say what they see. */}
        <button
          type="button"
          onClick={() => setOpen(!open)}
          aria-expanded={open}
          title={open ? undefined : 'Expand menu'}
          className="flex h-10 w-full items-center gap-3 rounded-lg px-3 text-sm text-slate-600 hover:bg-slate-100"
        >
          {open ? <ChevronLeftIcon /> : <ChevronRightIcon />}
          <span className={open ? undefined : 'sr-only'}>{open ? 'Collapse menu' : 'Expand menu'}</span>
        </button>
      </div>
    </nav>
  );
}
