'use client';

import { useState, type FormEvent } from 'react';
import { useApiAction } from '@/components/forms/use-api-action';
import { useFormValues } from '@/components/forms/use-form-values';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { StatusMessage } from '@/components/ui/status-message';
import { api } from '@/lib/api-client';
import { changeEmailSchema } from '@/lib/validation/account';
import { checkWith } from '@/lib/validation/check';

/**
 * "Send the link again" for an address not yet confirmed; from a page that waits for it (a
 * checkout), `returnPath` is where following the link leads back to.
 */
export function ResendVerificationButton({ returnPath }: { returnPath?: string }) {
  const action = useApiAction();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const resend = () =>
    action.run({
      async send() {
        const { email } = await api<{ email: string }>('/api/account/verification', {
          method: 'POST',
          json: returnPath ? { returnPath } : {},
          fallback: 'Could not send the link. Please try again.',
        });
        setSentTo(email);
      },
    });
  return (
    <div className="space-y-2">
      <Button type="button" variant="secondary" size="sm" onClick={() => void resend()} disabled={action.busy}>
        {action.busy ? 'Sending...' : 'Send the link again'}
      </Button>
      <StatusMessage status={action.status(sentTo ? `We sent a new link to ${sentTo}.` : undefined)} />
    </div>
  );
}

/** Moving the account to another address: nothing changes until the link sent there is followed. */
export function ChangeEmailForm({ needsPassword }: { needsPassword: boolean }) {
  const { values, bind, reset } = useFormValues({ email: '', password: '' });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const action = useApiAction();
  const submit = (event: FormEvent) =>
    action.submit(event, {
      check: () => checkWith(changeEmailSchema, needsPassword ? values : { email: values.email }),
      async send(checked) {
        const { email } = await api<{ email: string }>('/api/account/email', {
          json: checked,
          fallback: 'Could not change the address. Please try again.',
        });
        setSentTo(email);
        reset();
      },
    });
  const sent = sentTo
    ? `We sent a link to ${sentTo}. Your address changes when you follow it; until then it stays as it is.`
    : undefined;
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <Field id="new-email" label="New address" error={action.fields.email}>
        <Input name="email" type="email" autoComplete="email" {...bind('email')} required />
      </Field>
      {needsPassword && (
        <Field id="email-password" label="Your password" error={action.fields.password}>
          <Input name="password" type="password" autoComplete="current-password" {...bind('password')} required />
        </Field>
      )}
      <StatusMessage status={Object.keys(action.fields).length ? null : action.status(sent)} />
      <Button type="submit" disabled={action.busy}>
        {action.busy ? 'Please wait...' : 'Change address'}
      </Button>
    </form>
  );
}
