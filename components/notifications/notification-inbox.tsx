'use client';

import { Button } from '@/components/ui/button';
import { LoadMore } from '@/components/ui/load-more';
import { StatusMessage } from '@/components/ui/status-message';
import type { NotificationInboxPage } from '@/lib/notifications/types';
import { NotificationItem } from './notification-item';
import { unreadBadge } from './unread-event';
import { useNotificationInbox } from './use-notification-inbox';

const EMPTY = 'Nothing yet. You will hear here when people join, post, comment or send submissions.';

/** The inbox: newest first, unread ones marked, 'Mark all as read' and 'Load more'. */
export function NotificationInbox({ initial }: { initial: NotificationInboxPage }) {
  const inbox = useNotificationInbox(initial);
  return (
    <div>
      <div className={inbox.items.length === 0 ? 'hidden' : 'flex flex-wrap items-center justify-between gap-3'}>
        <p className="text-sm text-slate-600" data-testid="unread-summary">
          {inbox.unread > 0 ? `${unreadBadge(inbox.unread)} unread` : 'All caught up'}
        </p>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void inbox.markAllRead()}
          disabled={inbox.marking || inbox.unread === 0}
        >
          {inbox.marking ? 'Please wait...' : 'Mark all as read'}
        </Button>
      </div>
      {inbox.status && (
        <div className="mt-2">
          <StatusMessage status={inbox.status} />
        </div>
      )}
      {inbox.items.length === 0 ? (
        <p className="mt-4 rounded-2xl border border-dashed border-slate-300 p-10 text-center text-slate-600">
          {EMPTY}
        </p>
      ) : (
        <ul
          aria-label="Notifications"
          className="mt-4 divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
        >
          {inbox.items.map((item) => (
            <NotificationItem key={item.id} item={item} onFollow={inbox.markRead} />
          ))}
        </ul>
      )}
      <LoadMore
        more={Boolean(inbox.cursor)}
        loading={inbox.loading}
        error={inbox.error}
        onLoad={() => void inbox.loadMore()}
      />
    </div>
  );
}
