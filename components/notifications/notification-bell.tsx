'use client';

import Link from 'next/link';
import { useEffect, useState } from 'react';
import { BellIcon } from '@/components/layout/icons';
import { currentViewerState, useViewer, type ViewerState } from '@/components/layout/viewer-context';
import { onUnreadAnnounced, unreadBadge } from './unread-event';

const POLL_MS = 60_000;

// The count comes with the page's one request for the viewer (GET /api/me, each page and each
// return to the tab); while a page stays open it is asked again every minute it is shown and
// when the window gets focus. A 401 (signed out elsewhere) stops asking. Plain fetch: this
// sits on every page.
function useUnreadCount(): number {
  const state = useViewer();
  const [polled, setPolled] = useState<{ unread: number; after: ViewerState } | null>(null);
  useEffect(() => {
    let stopped = false;
    let last = 0;
    async function refresh() {
      if (stopped || document.visibilityState === 'hidden' || Date.now() - last < POLL_MS) return;
      last = Date.now();
      try {
        const response = await fetch('/api/notifications/unread', { cache: 'no-store' });
        if (response.status === 401) stopped = true;
        if (!response.ok) return;
        const body = (await response.json()) as { unread?: unknown };
        if (!stopped && typeof body.unread === 'number')
          setPolled({ unread: body.unread, after: currentViewerState() });
      } catch {
        // Offline or the server is away: the next poll tries again.
      }
    }
    last = Date.now();
    const check = () => void refresh();
    const timer = window.setInterval(check, POLL_MS);
    window.addEventListener('focus', check);
    const stopListening = onUnreadAnnounced((unread) => setPolled({ unread, after: currentViewerState() }));
    return () => {
      stopped = true;
      window.clearInterval(timer);
      window.removeEventListener('focus', check);
      stopListening();
    };
  }, []);
  // The newer of the two: a poll since the page's answer, or the answer itself.
  if (polled && polled.after === state) return polled.unread;
  return state.status === 'ready' && state.viewer ? state.viewer.unread : 0;
}

/** The top bar's bell: a link to the inbox with the unread count as a badge. */
export function NotificationBell() {
  const unread = useUnreadCount();
  const badge = unreadBadge(unread);
  const label = unread > 0 ? `Notifications, ${badge} unread` : 'Notifications';
  return (
    <Link
      href="/notifications"
      aria-label={label}
      title={label}
      data-testid="notification-bell"
      className="relative inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100"
    >
      <BellIcon />
      {unread > 0 && (
        <span
          aria-hidden
          className="absolute top-0.5 right-0.5 flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-red-600 px-1 text-[11px] leading-none font-bold text-white ring-2 ring-white"
        >
          {badge}
        </span>
      )}
    </Link>
  );
}
