'use client';

import { usePathname, useRouter } from 'next/navigation';
import { useCallback, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import type { PagePart } from '@/lib/viewer/types';

/** What the shell tells them about their own account (lib/users/notices.ts). */
export type ClientNotices = { handle: string | null; unconfirmedEmail: string | null };

/** The signed-in user as the browser knows them: enough to draw the top bar and pick an action. */
export type ClientViewer = {
  id: string;
  name: string;
  picture: string | null;
  notices: ClientNotices;
  /** How many notifications they have not read, when the page was asked for. */
  unread: number;
};

const NO_NOTICES: ClientNotices = { handle: null, unconfirmedEmail: null };

/**
 * 'loading' until the server has said who is signed in, and what the page shows them where it
 * depends on them (`page`, for the path it was asked for: lib/viewer/types.ts).
 */
export type ViewerState =
  { status: 'loading' } | { status: 'ready'; viewer: ClientViewer | null; path: string; page: PagePart | null };

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
  const { id, name, picture, notices, unread } = value as Record<string, unknown>;
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
    unread: typeof unread === 'number' ? unread : 0,
  };
}

// The pages whose parts depend on the viewer: their path is sent along. A profile's canonical
// address is `/@handle` (the '@' perhaps percent-encoded).
const PAGES_WITH_PARTS = /^\/(envolvement\/|profile\/|@|%40)[^/]/i;

/**
 * Asks the server who is signed in, and for the page at `path` its parts for them, and
 * publishes the answer, unless `signal` has aborted the question.
 */
function askWhoIsSignedIn(path: string, signal: AbortSignal) {
  const url = PAGES_WITH_PARTS.test(path) ? `/api/me?page=${encodeURIComponent(path)}` : '/api/me';
  fetch(url, { cache: 'no-store', signal })
    .then((response) => (response.ok ? response.json() : { viewer: null }))
    .then((body: { viewer?: unknown; page?: PagePart | null }) =>
      publish({ status: 'ready', viewer: toClientViewer(body.viewer), path, page: body.page ?? null }),
    )
    // Offline or the server is away: show the page as to a visitor; joining asks to sign in.
    .catch(() => {
      if (!signal.aborted) publish({ status: 'ready', viewer: null, path, page: null });
    });
}

// Asks again for the current page (after a change made on it); set by the provider.
let askAgain: () => void = () => undefined;

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
    const ask = () => {
      controller.abort();
      controller = new AbortController();
      askWhoIsSignedIn(pathname, controller.signal);
    };
    ask();
    askAgain = ask;
    const askAgainWhenShown = () => {
      if (document.visibilityState === 'visible') ask();
    };
    document.addEventListener('visibilitychange', askAgainWhenShown);
    return () => {
      document.removeEventListener('visibilitychange', askAgainWhenShown);
      controller.abort();
    };
  }, [pathname]);
  return children;
}

/**
 * What a change made on a page calls once it is saved: the page is read again (from the
 * cache, which the change dropped) and so are its parts for the viewer.
 */
export function usePageRefresh(): () => void {
  const router = useRouter();
  return useCallback(() => {
    router.refresh();
    askAgain();
  }, [router]);
}

/** The last answer, outside React (to tell which answer a later count follows). */
export const currentViewerState = (): ViewerState => current;

export function useViewer(): ViewerState {
  // The server and the first render in the browser draw the 'loading' state alike.
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => LOADING,
  );
}

/**
 * This page's part of kind `kind` for the viewer, once it has arrived for this path: null
 * while it loads, or when the page has none for them.
 */
export function usePagePart<K extends PagePart['kind']>(kind: K): Extract<PagePart, { kind: K }> | 'loading' | null {
  const state = useViewer();
  const pathname = usePathname();
  if (state.status === 'loading' || state.path !== pathname) return 'loading';
  return state.page?.kind === kind ? (state.page as Extract<PagePart, { kind: K }>) : null;
}

/** Shows its children to signed-in users only, once that is known. */
export function SignedInOnly({ children }: { children: ReactNode }) {
  const state = useViewer();
  return state.status === 'ready' && state.viewer ? children : null;
}
