'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { StatusMessage, type Status } from '@/components/ui/status-message';
import { api, messageOf } from '@/lib/api-client';

/** Confirms the unsubscribe: a page a mail scanner opens changes nothing until this is pressed. */
export function UnsubscribeButton({ token, label }: { token: string; label: string }) {
  const [status, setStatus] = useState<Status>(null);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      await api('/api/notifications/unsubscribe', { json: { token } });
      setStatus({ ok: true, text: `Done: you will no longer get e-mails about ${label}.` });
    } catch (error) {
      setStatus({ ok: false, text: messageOf(error) });
      setBusy(false);
    }
  }

  return (
    <div className="space-y-3">
      {!status?.ok && (
        <Button onClick={confirm} disabled={busy}>
          {busy ? 'Saving…' : `Stop e-mails about ${label}`}
        </Button>
      )}
      <StatusMessage status={status} />
    </div>
  );
}
