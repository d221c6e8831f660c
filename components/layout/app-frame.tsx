import type { ReactNode } from 'react';
import { AccountNoticeGate } from './account-notice-gate';
import { SideMenu } from './side-menu';

/** The side menu beside the page from 768px up; below, the page takes the whole width. */
export function AppFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex">
      <SideMenu />
      <div className="flex min-w-0 flex-1 flex-col">
        <AccountNoticeGate />
        {children}
      </div>
    </div>
  );
}
