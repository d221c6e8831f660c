'use client';

import { useEffect, useState } from 'react';
import { useApiAction } from '@/components/forms/use-api-action';
import { Button, buttonClasses } from '@/components/ui/button';
import { StatusMessage } from '@/components/ui/status-message';
import type { DataExportDto } from '@/lib/account/exports';
import { api } from '@/lib/api-client';
import { formatDay, formatDayTime } from '@/lib/domain/dates';

const ASK_FAILED = 'Could not ask for your data. Please try again.';
// While a copy is being prepared the page looks again this often, so it can be downloaded here.
const POLL_MS = 5_000;

/** The latest export, followed while it is being prepared. */
function useLatestExport(initial: DataExportDto | null) {
  const [latest, setLatest] = useState(initial);
  const pending = latest?.status === 'pending';
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => {
      api<{ export: DataExportDto | null }>('/api/account/export')
        .then((answer) => setLatest(answer.export))
        // A look that failed is tried again at the next tick.
        .catch(() => undefined);
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [pending]);
  return [latest, setLatest] as const;
}

function ExportState({ latest, mailTo }: { latest: DataExportDto; mailTo: string | null }) {
  if (latest.status === 'pending') {
    return (
      <p role="status" className="text-sm text-slate-700">
        Preparing your data (asked <time dateTime={latest.createdAt}>{formatDayTime(latest.createdAt)}</time>).{' '}
        {mailTo ? `We will e-mail ${mailTo} when it is ready.` : 'It will show here when it is ready.'}
      </p>
    );
  }
  if (latest.status === 'failed') {
    return (
      <p role="status" className="text-sm text-red-600">
        We could not prepare your data. Please try again.
      </p>
    );
  }
  return (
    <div className="space-y-3">
      <p role="status" className="text-sm text-slate-700">
        Your data is ready. You can download it until{' '}
        <time dateTime={latest.expiresAt ?? undefined}>{latest.expiresAt ? formatDay(latest.expiresAt) : ''}</time>.
      </p>
      <a href={latest.downloadUrl ?? undefined} download className={buttonClasses('primary')}>
        Download my data
      </a>
    </div>
  );
}

/** "Download my data": the latest copy's state, and a button that asks for a new one. */
export function DataExportPanel({ initial, mailTo }: { initial: DataExportDto | null; mailTo: string | null }) {
  const [latest, setLatest] = useLatestExport(initial);
  const action = useApiAction({ message: ASK_FAILED });

  const ask = () =>
    action.run({
      async send() {
        const answer = await api<{ export: DataExportDto }>('/api/account/export', {
          method: 'POST',
          fallback: ASK_FAILED,
        });
        setLatest(answer.export);
      },
    });

  const label =
    latest?.status === 'failed' ? 'Try again' : latest?.status === 'ready' ? 'Prepare a new copy' : 'Prepare my data';
  return (
    <div className="space-y-4">
      {latest && <ExportState latest={latest} mailTo={mailTo} />}
      {latest?.status !== 'pending' && (
        <Button variant={latest?.status === 'ready' ? 'secondary' : 'primary'} onClick={ask} disabled={action.busy}>
          {action.busy ? 'Please wait...' : label}
        </Button>
      )}
      <StatusMessage status={action.status()} />
    </div>
  );
}
