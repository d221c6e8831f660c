'use client';

import { useSyncExternalStore } from 'react';
import type { WelcomeDto } from '@/lib/envolvements/welcome';

// The welcomes of the envolvements joined in this tab, kept outside React: the one-click join
// writes it, and the envolvement's page shows it above the member tabs, whichever component
// the join was made from (the join bar, the lock panel, the offer dialog on another page).
// Kept until the page is loaded again: the welcome e-mail keeps it for later.

const welcomes = new Map<string, WelcomeDto>();
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Keeps the welcome of an envolvement just joined, for whatever shows it. */
export function rememberWelcome(welcome: WelcomeDto): void {
  welcomes.set(welcome.envolvementId, welcome);
  for (const listener of listeners) listener();
}

/** The welcome of `envolvementId` if it was joined in this tab; null otherwise. */
export function useJoinedWelcome(envolvementId: string): WelcomeDto | null {
  return useSyncExternalStore(
    subscribe,
    () => welcomes.get(envolvementId) ?? null,
    () => null,
  );
}
