'use client';

import { usePathname } from 'next/navigation';
import { lazy, Suspense } from 'react';
import { useViewer } from './viewer-context';

// Every page carries this gate; the notice itself loads only for someone it has words for.
// React's lazy rather than next/dynamic: it is already in every page, next/dynamic's loader
// is not, and the notice is only ever drawn in the browser (after /api/me has answered).
const AccountNotice = lazy(() => import('./account-notice').then((m) => ({ default: m.AccountNotice })));

/** The account notice's place in the shell, filled when /api/me says there is something to tell. */
export function AccountNoticeGate() {
  const state = useViewer();
  const pathname = usePathname();
  const notices = state.status === 'ready' ? state.viewer?.notices : null;
  // The account page says both in its own sections.
  if (!notices || pathname === '/account' || !(notices.handle || notices.unconfirmedEmail)) return null;
  return (
    <Suspense fallback={null}>
      <AccountNotice />
    </Suspense>
  );
}
