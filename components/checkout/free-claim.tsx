'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { api, messageOf } from '@/lib/api-client';
import { UNEXPECTED_PAYMENT_ERROR } from '@/lib/payments/messages';

/** The one-click join of a free envolvement. */
export function FreeClaim({ envolvementId }: { envolvementId: string }) {
  const router = useRouter();
  const [state, setState] = useState<'idle' | 'processing' | 'done'>('idle');
  const [error, setError] = useState<string | null>(null);

  async function claim() {
    setState('processing');
    setError(null);
    try {
      await api('/api/payment/grant-access', { json: { submissionId: envolvementId }, fallback: 'An error occurred.' });
      setState('done');
      router.push(`/envolvement/${envolvementId}`);
      router.refresh();
    } catch (failure) {
      setError(messageOf(failure, UNEXPECTED_PAYMENT_ERROR));
      setState('idle');
    }
  }

  return (
    <div className="space-y-4">
      <p className="text-slate-700">This envolvement is free. Join with one click.</p>
      <Button size="lg" className="w-full" onClick={claim} disabled={state !== 'idle'}>
        {state === 'processing' ? 'Processing...' : 'Join for Free'}
      </Button>
      {state === 'done' && (
        <p role="status" className="rounded-lg bg-green-50 px-3 py-2 text-sm font-medium text-green-800">
          Success! You now have access to this envolvement.
        </p>
      )}
      {error && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
