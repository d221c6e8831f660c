'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { api, messageOf } from '@/lib/api-client';
import { useReportError } from './error-banner';

export const PUBLISH_FAILED = 'Failed to update envolvement';

/** Sends the creator's publish or unpublish; resolves to whether it went through. */
export async function sendPublish(envolvementId: string, active: boolean): Promise<void> {
  await api(`/api/post/${envolvementId}/active`, { method: 'PUT', json: { active }, fallback: PUBLISH_FAILED });
}

/** The creator's 'Publish' / 'Unpublish' button: a draft is seen by its creator and members only. */
export function PublishToggle({ envolvementId, active }: { envolvementId: string; active: boolean }) {
  const router = useRouter();
  const report = useReportError();
  const [busy, setBusy] = useState(false);

  async function toggle() {
    setBusy(true);
    try {
      await sendPublish(envolvementId, !active);
      report(null);
      router.refresh();
    } catch (failure) {
      report(messageOf(failure, PUBLISH_FAILED));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button variant={active ? 'secondary' : 'primary'} size="sm" onClick={() => void toggle()} disabled={busy}>
      {busy ? (active ? 'Unpublishing...' : 'Publishing...') : active ? 'Unpublish' : 'Publish'}
    </Button>
  );
}
