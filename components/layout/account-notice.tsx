'use client';

import { useState } from 'react';
import { ConfirmEmailBanner } from './confirm-email-banner';
import { HandleNoticeBanner } from './handle-notice-banner';
import { useViewer } from './viewer-context';

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
 * site gave them. Loaded by ./account-notice-gate.tsx only when there is one.
 */
export function AccountNotice() {
  const state = useViewer();
  const [, setPutOff] = useState(0);
  const viewer = state.status === 'ready' ? state.viewer : null;
  if (!viewer) return null;
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
