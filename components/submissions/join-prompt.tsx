'use client';

import { usePageRefresh } from '@/components/layout/viewer-context';
import Link from 'next/link';
import { FormAlert } from '@/components/forms/form-alert';
import { useApiAction } from '@/components/forms/use-api-action';
import { Button, buttonClasses } from '@/components/ui/button';
import { api } from '@/lib/api-client';

/** A member who has not joined: pay, or (temporarily) join directly. */
export function JoinPrompt({ envolvementId }: { envolvementId: string }) {
  const refresh = usePageRefresh();
  const { busy, error, run } = useApiAction();

  const joinDirectly = () =>
    run({
      async send() {
        await api(`/api/user_submissions/add-user-to-submissions/${envolvementId}`, { method: 'POST' });
        refresh();
      },
    });

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
      <FormAlert message={error} className="mt-4" />
    </div>
  );
}
