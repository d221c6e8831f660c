'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button, buttonClasses } from '@/components/ui/button';
import { api } from '@/lib/api-client';

/** A member who has not joined: pay, or (temporarily) join directly. Join failures are only logged. */
export function JoinPrompt({ envolvementId }: { envolvementId: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);

  async function joinDirectly() {
    setBusy(true);
    try {
      await api(`/api/user_submissions/add-user-to-submissions/${envolvementId}`, { method: 'POST' });
      router.refresh();
    } catch (error) {
      console.error('Joining failed', error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-8 text-center">
      <p className="text-slate-700">Looks like you haven&apos;t paid for this yet. Would you like to pay here?</p>
      <div className="mt-4 flex flex-wrap justify-center gap-2">
        <Link href={`/payment/${envolvementId}`} className={buttonClasses('primary', 'md')}>
          Pay here
        </Link>
        <Button variant="secondary" onClick={joinDirectly} disabled={busy}>
          {busy ? 'Joining...' : 'Join directly'}
        </Button>
      </div>
    </div>
  );
}
