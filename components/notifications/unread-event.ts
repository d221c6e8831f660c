// The inbox tells the bell the new unread count when it marks notifications read, so the
// badge changes at once instead of at the bell's next poll.

const UNREAD_EVENT = 'envolve:unread-count';

export function announceUnread(unread: number): void {
  window.dispatchEvent(new CustomEvent<number>(UNREAD_EVENT, { detail: unread }));
}

/** Calls `listener` with each count announced; gives the function that stops listening. */
export function onUnreadAnnounced(listener: (unread: number) => void): () => void {
  const handle = (event: Event) => {
    const unread = (event as CustomEvent<unknown>).detail;
    if (typeof unread === 'number') listener(unread);
  };
  window.addEventListener(UNREAD_EVENT, handle);
  return () => window.removeEventListener(UNREAD_EVENT, handle);
}

/** The badge's text: the count, or '99+'. */
export function unreadBadge(unread: number): string {
  return unread > 99 ? '99+' : String(unread);
}
