'use client';

import { useEffect } from 'react';

// What one tab tells the others of this browser about the account, so that a page waiting
// for it (a checkout, "check your inbox") goes on by itself: a sign-up finished, an address
// confirmed. Messages carry no data; the waiting page asks the server what is true now.

const CHANNEL = 'envolve-account';

export type AccountChange = 'signed-in' | 'email-confirmed';

const CHANGES: ReadonlySet<unknown> = new Set<AccountChange>(['signed-in', 'email-confirmed']);

/** Tells the other tabs of this browser. */
export function announceAccountChange(change: AccountChange): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage(change);
  channel.close();
}

/** Calls `onChange` when another tab of this browser announces a change of the account. */
export function useAccountChange(onChange: (change: AccountChange) => void): void {
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = (event: MessageEvent) => {
      if (CHANGES.has(event.data)) onChange(event.data as AccountChange);
    };
    return () => channel.close();
  }, [onChange]);
}

/** Announces `change` once, when the page that made it is shown (a confirmation page). */
export function AnnounceAccountChange({ change }: { change: AccountChange }) {
  useEffect(() => announceAccountChange(change), [change]);
  return null;
}
