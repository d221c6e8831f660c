'use client';

import Link from 'next/link';
import { NotificationBell } from '@/components/notifications/notification-bell';
import { buttonClasses } from '@/components/ui/button';
import { Avatar } from './avatar';
import { PlusIcon } from './icons';
import { truncateName } from './truncate-name';
import { useViewer } from './viewer-context';

/**
 * The signed-in user's corner of the top bar, or the 'Sign in' button. Drawn in the browser:
 * every page sends the same top bar, so public pages can be served from the cache.
 */
export function TopBarUser() {
  const state = useViewer();
  if (state.status === 'loading') return <TopBarUserSkeleton />;
  const { viewer } = state;
  if (!viewer) {
    return (
      <Link href="/login" className={buttonClasses('primary', 'md', 'shrink-0')}>
        Sign in
      </Link>
    );
  }
  // The narrowest phones (320 px) fit the three controls only with less room between them.
  return (
    <div className="flex shrink-0 items-center gap-1 min-[360px]:gap-2">
      <Link
        href="/create"
        aria-label="Create an envolvement"
        title="Create an envolvement"
        className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-brand-600 text-white shadow-sm hover:bg-brand-700"
      >
        <PlusIcon />
      </Link>
      <NotificationBell />
      <Link
        href="/profile"
        className="flex items-center gap-2 rounded-full p-1 hover:bg-slate-100 sm:pr-3"
        data-testid="top-bar-profile"
      >
        <Avatar name={viewer.name} picture={viewer.picture} size={32} />
        {/* On a phone the name is not shown but still names the link. */}
        <span className="sr-only text-sm font-medium text-slate-800 sm:not-sr-only">{truncateName(viewer.name)}</span>
      </Link>
    </div>
  );
}

export function TopBarUserSkeleton() {
  return (
    <div
      className="flex shrink-0 items-center gap-1 min-[360px]:gap-2"
      data-testid="top-bar-skeleton"
      role="status"
      aria-label="Loading account"
    >
      <span className="h-10 w-10 animate-pulse rounded-full bg-slate-200" />
      <span className="h-10 w-10 animate-pulse rounded-full bg-slate-200" />
      <span className="h-8 w-8 animate-pulse rounded-full bg-slate-200 sm:w-28" />
    </div>
  );
}
