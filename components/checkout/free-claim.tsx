'use client';

import { useRouter } from 'next/navigation';
import { FormAlert } from '@/components/forms/form-alert';
import { useApiAction } from '@/components/forms/use-api-action';
import { Button } from '@/components/ui/button';
import { api } from '@/lib/api-client';
import { UNEXPECTED_PAYMENT_ERROR } from '@/lib/domain/payment-messages';
import type { WelcomeDto } from '@/lib/envolvements/welcome';
import { rememberWelcome } from '@/components/envolvement/joined-welcome';

/** The one-click join of a free envolvement. */
export function FreeClaim({ envolvementId }: { envolvementId: string }) {
  const router = useRouter();
  const { busy, done, error, run } = useApiAction({ message: UNEXPECTED_PAYMENT_ERROR });

  const claim = () =>
    run({
      async send() {
        const answer = await api<{ welcome: WelcomeDto | null }>('/api/payment/grant-access', {
          json: { submissionId: envolvementId },
          fallback: 'An error occurred.',
        });
        // The envolvement's page greets the new member with it.
        if (answer.welcome) rememberWelcome(answer.welcome);
        router.push(`/envolvement/${envolvementId}`);
        router.refresh();
      },
    });

  return (
    <div className="space-y-4">
      <p className="text-slate-700">This envolvement is free. Join with one click.</p>
      <Button size="lg" className="w-full" onClick={claim} disabled={busy || done}>
        {busy ? 'Processing...' : 'Join for Free'}
      </Button>
      {done && (
        <p role="status" className="rounded-lg bg-green-50 px-3 py-2 text-sm font-medium text-green-800">
          Success! You now have access to this envolvement.
        </p>
      )}
      <FormAlert message={error} boxed />
    </div>
  );
}
