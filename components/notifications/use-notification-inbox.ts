'use client';

import { useEffect, useState } from 'react';
import type { Status } from '@/components/ui/status-message';
import { api, messageOf } from '@/lib/api-client';
import type { NotificationDto, NotificationInboxPage } from '@/lib/notifications/types';
import { announceUnread } from './unread-event';

type Counted = { unread: number };

// What this tab marked read since the app loaded. Back restores the inbox as the server
// first rendered it; these show it as the reader left it.
const readHere = new Set<string>();
/** The time of the newest notification shown when all were marked read. */
let allReadUpTo = '';

const markedHere = (item: NotificationDto) => !item.read && (readHere.has(item.id) || item.createdAt <= allReadUpTo);

function restore(initial: NotificationInboxPage) {
  const stale = initial.items.filter(markedHere).length;
  return {
    items: initial.items.map((item) => (markedHere(item) ? { ...item, read: true } : item)),
    unread: Math.max(initial.unread - stale, 0),
    stale: stale > 0,
  };
}

/** The inbox's notifications so far, the next page on request, and marking them read. */
export function useNotificationInbox(initial: NotificationInboxPage) {
  const [start] = useState(() => restore(initial));
  const [items, setItems] = useState(start.items);
  const [cursor, setCursor] = useState(initial.nextCursor);
  const [unread, setUnread] = useState(start.unread);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const count = (next: number) => {
    setUnread(next);
    announceUnread(next);
  };

  // A restored inbox may count some not shown as read: ask the server.
  useEffect(() => {
    if (!start.stale) return;
    api<Counted>('/api/notifications/unread')
      .then((answer) => setUnread(answer.unread))
      .catch(() => undefined);
  }, [start.stale]);

  async function loadMore() {
    if (!cursor) return;
    setLoading(true);
    setError(null);
    try {
      const page = await api<NotificationInboxPage>(`/api/notifications?cursor=${encodeURIComponent(cursor)}`);
      setItems((shown) => [...shown, ...page.items.filter((item) => !shown.some((s) => s.id === item.id))]);
      setCursor(page.nextCursor);
      count(page.unread);
    } catch (failure) {
      setError(messageOf(failure, 'Could not load more notifications. Please try again.'));
    } finally {
      setLoading(false);
    }
  }

  // Following a notification's link marks it read: the request outlives the page it leaves.
  function markRead(id: string) {
    const item = items.find((shown) => shown.id === id);
    if (!item || item.read) return;
    readHere.add(id);
    setItems((shown) => shown.map((s) => (s.id === id ? { ...s, read: true } : s)));
    count(Math.max(unread - 1, 0));
    void fetch(`/api/notifications/${encodeURIComponent(id)}/read`, { method: 'POST', keepalive: true })
      .then(async (response) => (response.ok ? ((await response.json()) as Counted) : null))
      .then((answer) => answer && count(answer.unread))
      .catch(() => undefined);
  }

  const markAll = useMarkAllRead(items, (read) => {
    setItems(read);
    count(0);
  });
  return { items, cursor, unread, loading, error, loadMore, markRead, ...markAll };
}

/** 'Mark all as read', with its own busy state and status line. */
function useMarkAllRead(items: NotificationDto[], onDone: (read: NotificationDto[]) => void) {
  const [marking, setMarking] = useState(false);
  const [status, setStatus] = useState<Status>(null);

  async function markAllRead() {
    setMarking(true);
    setStatus(null);
    try {
      await api<Counted>('/api/notifications/read-all', { method: 'POST' });
      const newest = items[0]?.createdAt ?? '';
      if (newest > allReadUpTo) allReadUpTo = newest;
      onDone(items.map((item) => ({ ...item, read: true })));
      setStatus({ ok: true, text: 'All notifications are marked as read.' });
    } catch (failure) {
      setStatus({ ok: false, text: messageOf(failure, 'Could not mark them as read. Please try again.') });
    } finally {
      setMarking(false);
    }
  }

  return { marking, status, markAllRead };
}
