'use client';

import { useApiAction } from '@/components/forms/use-api-action';
import { Button } from '@/components/ui/button';
import { StatusMessage } from '@/components/ui/status-message';
import { api } from '@/lib/api-client';

type Props = {
  path: '/api/newsletter/confirm' | '/api/newsletter/unsubscribe';
  token: string;
  label: string;
  done: string;
};

/**
 * What a newsletter link's page asks to be pressed: a mail scanner that opens the link changes
 * nothing, neither subscribing anyone nor ending a subscription.
 */
export function NewsletterLinkButton({ path, token, label, done: doneMessage }: Props) {
  const { busy, done, status, run } = useApiAction();
  const send = () => run({ send: () => api(path, { json: { token } }) });

  return (
    <div className="space-y-3">
      {!done && (
        <Button onClick={send} disabled={busy}>
          {busy ? 'Saving…' : label}
        </Button>
      )}
      <StatusMessage status={status(doneMessage)} />
    </div>
  );
}
