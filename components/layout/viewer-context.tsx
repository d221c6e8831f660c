'use client';

import { usePathname } from 'next/navigation';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

/** The signed-in user as the browser knows them: enough to draw the top bar and pick an action. */
export type ClientViewer = { id: string; name: string; picture: string | null };

/** 'loading' until the server has said who is signed in. */
export type ViewerState = { status: 'loading' } | { status: 'ready'; viewer: ClientViewer | null };

const ViewerContext = createContext<ViewerState>({ status: 'loading' });

function isClientViewer(value: unknown): value is ClientViewer {
  if (!value || typeof value !== 'object') return false;
  const { id, name, picture } = value as Record<string, unknown>;
  return typeof id === 'string' && typeof name === 'string' && (picture === null || typeof picture === 'string');
}

/**
 * Who is signed in, asked when a page loads and again on every move to another page (signing
 * in moves on without loading a new page). Public pages are sent the same to everyone, and
 * from the cache, so the parts that depend on the viewer read it here. While asking again,
 * the last answer stays on screen.
 */
export function ViewerProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<ViewerState>({ status: 'loading' });
  const pathname = usePathname();
  useEffect(() => {
    const controller = new AbortController();
    fetch('/api/me', { cache: 'no-store', signal: controller.signal })
      .then((response) => (response.ok ? response.json() : { viewer: null }))
      .then((body: { viewer?: unknown }) =>
        setState({ status: 'ready', viewer: isClientViewer(body.viewer) ? body.viewer : null }),
      )
      // Offline or the server is away: show the page as to a visitor; joining asks to sign in.
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: 'ready', viewer: null });
      });
    return () => controller.abort();
  }, [pathname]);
  return <ViewerContext.Provider value={state}>{children}</ViewerContext.Provider>;
}

export function useViewer(): ViewerState {
  return useContext(ViewerContext);
}

/** Shows its children to signed-in users only, once that is known. */
export function SignedInOnly({ children }: { children: ReactNode }) {
  const state = useViewer();
  return state.status === 'ready' && state.viewer ? children : null;
}
