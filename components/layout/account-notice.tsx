'use client';

import dynamic from 'next/dynamic';
import { usePathname } from 'next/navigation';
import { useState } from 'react';
import { useViewer } from './viewer-context';

// Loaded only for the few who have something to be told: every page carries this file.
const HandleNoticeBanner = dynamic(() => import('./handle-notice-banner').then((m) => m.HandleNoticeBanner));
const ConfirmEmailBanner = dynamic(() => import('./confirm-email-banner').then((m) => m.ConfirmEmailBanner));

// "Not now" holds for the rest of this tab's visit, for that user and that notice.
const putOffKey = (viewerId: string, notice: string) => `envolve:notice:${notice}:${viewerId}`;

function isPutOff(viewerId: string, notice: string): boolean {
  try {
    return sessionStorage.getItem(putOffKey(viewerId, notice)) === '1';
  } catch {
    return false;
  }
}

function putOff(viewerId: string, notice: string): void {
  try {
    sessionStorage.setItem(putOffKey(viewerId, notice), '1');
  } catch {
    // Storage refused (a private window): it shows again on the next page.
  }
}

/**
 * The app shell's word to a signed-in person about their own account, from what /api/me
 * says (components/layout/viewer-context.tsx): an address to confirm first, else a handle the
 * site gave them. The account page says both in its own sections, so it shows none here.
 */
export function AccountNotice() {
  const state = useViewer();
  const pathname = usePathname();
  const [, setPutOff] = useState(0);
  const viewer = state.status === 'ready' ? state.viewer : null;
  if (!viewer || pathname === '/account') return null;
  const { handle, unconfirmedEmail } = viewer.notices;
  const dismiss = (notice: string) => () => {
    putOff(viewer.id, notice);
    setPutOff((n) => n + 1);
  };
  let banner = null;
  if (unconfirmedEmail && !isPutOff(viewer.id, 'email'))
    banner = <ConfirmEmailBanner email={unconfirmedEmail} onDismiss={dismiss('email')} />;
  else if (handle && !isPutOff(viewer.id, 'handle'))
    banner = <HandleNoticeBanner handle={handle} onDismiss={dismiss('handle')} />;
  return banner ? <div className="px-4 pt-4 sm:px-6">{banner}</div> : null;
}
