'use client';

import { useApiAction } from '@/components/forms/use-api-action';
import { Button } from '@/components/ui/button';
import { StatusMessage } from '@/components/ui/status-message';
import { api } from '@/lib/api-client';

/** Confirms the unsubscribe: a page a mail scanner opens changes nothing until this is pressed. */
export function UnsubscribeButton({ token, label }: { token: string; label: string }) {
  const { busy, done, status, run } = useApiAction();
  const confirm = () => run({ send: () => api('/api/notifications/unsubscribe', { json: { token } }) });

  return (
    <div className="space-y-3">
      {!done && (
        <Button onClick={confirm} disabled={busy}>
          {busy ? 'Saving…' : `Stop e-mails about ${label}`}
        </Button>
      )}
      <StatusMessage status={status(`Done: you will no longer get e-mails about ${label}.`)} />
    </div>
  );
}
