'use client';

import { useRouter } from 'next/navigation';
import { useCallback, useEffect } from 'react';
import { ResendVerificationButton } from '@/components/account/email-forms';
import { useAccountChange } from '@/components/auth/account-channel';

type ConfirmToPayProps = { email: string | null; envolvementId: string };

/**
 * A checkout that waits for its buyer's address to be confirmed: the link can be sent again
 * from here and leads back here; confirmed in another tab, or on another device (seen when
 * the person returns to this tab), the page asks the server again and shows the card form.
 */
export function ConfirmToPay({ email, envolvementId }: ConfirmToPayProps) {
  const router = useRouter();
  const again = useCallback(() => router.refresh(), [router]);
  useAccountChange(again);
  useEffect(() => {
    const onReturn = () => {
      if (document.visibilityState === 'visible') again();
    };
    document.addEventListener('visibilitychange', onReturn);
    return () => document.removeEventListener('visibilitychange', onReturn);
  }, [again]);
  return (
    <div className="rounded-xl bg-slate-50 p-6" data-testid="confirm-to-pay">
      <h2 className="text-xl font-bold text-ink">Confirm your e-mail address to pay</h2>
      <p className="mt-2 text-slate-600">
        We sent a link to {email ? <span className="font-medium break-all text-ink">{email}</span> : 'your address'}.
        Follow it, in this browser or another, and this checkout goes on by itself: there is no need to reload.
      </p>
      <div className="mt-4">
        <ResendVerificationButton returnPath={`/payment/${envolvementId}`} />
      </div>
    </div>
  );
}
