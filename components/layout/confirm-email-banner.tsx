'use client';

import { usePathname } from 'next/navigation';
import { ResendVerificationButton } from '@/components/account/email-forms';
import { Button } from '@/components/ui/button';

/** Tells someone whose address is not confirmed what waits for it, with a new link a click away. */
export function ConfirmEmailBanner({ email, onDismiss }: { email: string; onDismiss: () => void }) {
  // The link sent again from here leads back to this page once followed.
  const pathname = usePathname();
  return (
    <div
      role="status"
      data-testid="confirm-email-notice"
      className="flex flex-wrap items-start gap-x-4 gap-y-2 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      <p className="min-w-0 flex-1">
        Please confirm <strong className="break-all">{email}</strong>: follow the link we sent you. Until then you
        cannot pay or sell, and we send you no notification e-mails.
      </p>
      <div className="flex flex-wrap items-start gap-2">
        <ResendVerificationButton returnPath={pathname} />
        <Button variant="ghost" size="sm" onClick={onDismiss}>
          Not now
        </Button>
      </div>
    </div>
  );
}
