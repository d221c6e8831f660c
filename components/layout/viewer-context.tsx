'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useSyncExternalStore, type ReactNode } from 'react';

/** What the shell tells them about their own account (lib/users/notices.ts). */
export type ClientNotices = { handle: string | null; unconfirmedEmail: string | null };

/** The signed-in user as the browser knows them: enough to draw the top bar and pick an action. */
export type ClientViewer = { id: string; name: string; picture: string | null; notices: ClientNotices };

const NO_NOTICES: ClientNotices = { handle: null, unconfirmedEmail: null };

/** 'loading' until the server has said who is signed in. */
export type ViewerState = { status: 'loading' } | { status: 'ready'; viewer: ClientViewer | null };

const LOADING: ViewerState = { status: 'loading' };

// A store outside React rather than a context: when the answer arrives, only the few parts
// that read it render again. A context provider above the whole page made React walk every
// card of Explore to find them, one long task on a phone.
let current: ViewerState = LOADING;
const listeners = new Set<() => void>();

function publish(next: ViewerState) {
  current = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const stringOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function toClientViewer(value: unknown): ClientViewer | null {
  if (!value || typeof value !== 'object') return null;
  const { id, name, picture, notices } = value as Record<string, unknown>;
  if (typeof id !== 'string' || typeof name !== 'string' || (picture !== null && typeof picture !== 'string'))
    return null;
  const given = (notices ?? {}) as Record<string, unknown>;
  return {
    id,
    name,
    picture,
    notices: notices
      ? { handle: stringOrNull(given.handle), unconfirmedEmail: stringOrNull(given.unconfirmedEmail) }
      : NO_NOTICES,
  };
}

/** Asks the server who is signed in and publishes the answer, unless `signal` has aborted the question. */
function askWhoIsSignedIn(signal: AbortSignal) {
  fetch('/api/me', { cache: 'no-store', signal })
    .then((response) => (response.ok ? response.json() : { viewer: null }))
    .then((body: { viewer?: unknown }) => publish({ status: 'ready', viewer: toClientViewer(body.viewer) }))
    // Offline or the server is away: show the page as to a visitor; joining asks to sign in.
    .catch(() => {
      if (!signal.aborted) publish({ status: 'ready', viewer: null });
    });
}

/**
 * Who is signed in, asked when a page loads, again on every move to another page (signing in
 * moves on without loading a new page), and whenever the tab is shown again (signing in or out
 * in another tab). Public pages are sent the same to everyone, and from the cache, so the
 * parts that depend on the viewer read it here. While asking again, the last answer stays on
 * screen.
 */
export function ViewerProvider({ children }: { children: ReactNode }) {
  const pathname = usePathname();
  useEffect(() => {
    let controller = new AbortController();
    askWhoIsSignedIn(controller.signal);
    const askAgainWhenShown = () => {
      if (document.visibilityState !== 'visible') return;
      controller.abort();
      controller = new AbortController();
      askWhoIsSignedIn(controller.signal);
    };
    document.addEventListener('visibilitychange', askAgainWhenShown);
    return () => {
      document.removeEventListener('visibilitychange', askAgainWhenShown);
      controller.abort();
    };
  }, [pathname]);
  return children;
}

export function useViewer(): ViewerState {
  // The server and the first render in the browser draw the 'loading' state alike.
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => LOADING,
  );
}

/** Shows its children to signed-in users only, once that is known. */
export function SignedInOnly({ children }: { children: ReactNode }) {
  const state = useViewer();
  return state.status === 'ready' && state.viewer ? children : null;
}
