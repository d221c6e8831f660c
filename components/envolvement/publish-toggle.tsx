'use client';

import { useRouter } from 'next/navigation';
import { useApiAction } from '@/components/forms/use-api-action';
import { Button } from '@/components/ui/button';
import { useReportError } from './error-banner';
import { PUBLISH_FAILED, sendPublish } from './publish-request';

/**
 * The creator's 'Publish' / 'Unpublish' button: a draft is seen by its creator and members
 * only, at its private page; once published, everyone sees it at its public one.
 */
export function PublishToggle({ envolvementId, active }: { envolvementId: string; active: boolean }) {
  const router = useRouter();
  const { busy, run } = useApiAction({ message: PUBLISH_FAILED, report: useReportError() });

  const toggle = () =>
    run({
      async send() {
        await sendPublish(envolvementId, !active);
        router.push(active ? `/envolvement/${envolvementId}/private` : `/envolvement/${envolvementId}`);
        router.refresh();
      },
    });

  return (
    <Button variant={active ? 'secondary' : 'primary'} size="sm" onClick={() => void toggle()} disabled={busy}>
      {busy ? (active ? 'Unpublishing...' : 'Publishing...') : active ? 'Unpublish' : 'Publish'}
    </Button>
  );
}
