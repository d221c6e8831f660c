'use client';

import Link from 'next/link';
import { useState } from 'react';
import { FormAlert } from '@/components/forms/form-alert';
import { useApiAction } from '@/components/forms/use-api-action';
import { Button } from '@/components/ui/button';
import { api } from '@/lib/api-client';

type HandleNoticeBannerProps = {
  handle: string;
  /** "Not now": hides it until the next visit. Without it, only "Keep it" or a new handle ends it. */
  onDismiss?: () => void;
};

/** Tells the owner of a handle the site gave them that they may change it, or keep it. */
export function HandleNoticeBanner({ handle, onDismiss }: HandleNoticeBannerProps) {
  const [kept, setKept] = useState(false);
  const { busy, error, run } = useApiAction({ message: 'Could not keep your handle. Please try again.' });
  if (kept) return null;
  const keep = () =>
    run({
      async send() {
        await api('/api/account/handle-notice', { method: 'DELETE' });
        setKept(true);
      },
    });
  return (
    <div
      role="status"
      data-testid="handle-notice"
      className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl bg-brand-50 px-4 py-3 text-sm text-brand-900"
    >
      <p className="min-w-0 flex-1">
        We gave you the handle <strong>@{handle}</strong>. You can change it in your{' '}
        <Link href="/account#profile" className="font-semibold underline">
          settings
        </Link>
        .
      </p>
      <div className="flex items-center gap-2">
        <Button size="sm" onClick={() => void keep()} disabled={busy}>
          {busy ? 'Please wait...' : 'Keep it'}
        </Button>
        {onDismiss && (
          <Button variant="ghost" size="sm" onClick={onDismiss}>
            Not now
          </Button>
        )}
      </div>
      <FormAlert message={error} className="w-full" />
    </div>
  );
}
