'use client';

import { useApiAction } from '@/components/forms/use-api-action';
import { Button } from '@/components/ui/button';
import { StatusMessage } from '@/components/ui/status-message';
import { api } from '@/lib/api-client';

/**
 * Asks the API for a one-time Stripe link (onboarding or the Express dashboard) and goes
 * there: the links expire within minutes, so they are made on the click, never on the page.
 */
export function StripeLinkButton({
  endpoint,
  label,
  variant = 'primary',
}: {
  endpoint: '/api/payouts/onboarding' | '/api/payouts/dashboard';
  label: string;
  variant?: 'primary' | 'secondary';
}) {
  const { busy, status, run } = useApiAction();

  const go = () =>
    run({
      async send() {
        const { url } = await api<{ url: string }>(endpoint, { method: 'POST' });
        window.location.assign(url);
      },
      leaves: true,
    });

  return (
    <div className="space-y-2">
      <Button variant={variant} onClick={go} disabled={busy}>
        {busy ? 'Opening Stripe…' : label}
      </Button>
      <StatusMessage status={status()} />
    </div>
  );
}
