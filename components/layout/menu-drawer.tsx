'use client';

import { useState } from 'react';
import { Drawer, DrawerContent, DrawerTrigger } from '@/components/ui/drawer';
import { MenuIcon } from './icons';
import { MenuItems } from './menu-items';

/** Below 768px the side menu lives in a drawer, opened from the top bar. */
export function MenuDrawer() {
  const [open, setOpen] = useState(false);

  return (
    <Drawer open={open} onOpenChange={setOpen}>
      <DrawerTrigger
        data-testid="menu-button"
        className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 md:hidden"
      >
        <MenuIcon />
        <span className="sr-only">Menu</span>
      </DrawerTrigger>
      <DrawerContent title="Menu">
        <nav aria-label="Main" data-testid="menu-drawer" className="flex min-h-0 flex-1 flex-col">
          <MenuItems onNavigate={() => setOpen(false)} />
        </nav>
      </DrawerContent>
    </Drawer>
  );
}
