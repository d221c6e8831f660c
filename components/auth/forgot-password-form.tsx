'use client';

import { useState, type FormEvent } from 'react';
import { useApiAction } from '@/components/forms/use-api-action';
import { useFormValues } from '@/components/forms/use-form-values';
import { FormFooter } from '@/components/forms/form-footer';
import { Field, Input } from '@/components/ui/field';
import { api } from '@/lib/api-client';
import { forgotPasswordSchema } from '@/lib/validation/account';
import { checkWith } from '@/lib/validation/check';

/** "Forgot password?": the address, then the same answer whether or not it has an account. */
export function ForgotPasswordForm() {
  const { values, bind } = useFormValues({ email: '' });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const action = useApiAction();
  const submit = (event: FormEvent) =>
    action.submit(event, {
      check: () => checkWith(forgotPasswordSchema, values),
      async send(checked) {
        await api('/api/auth/forgot-password', {
          json: checked,
          fallback: 'Could not send the link. Please try again.',
        });
        setSentTo(checked.email);
      },
    });

  if (sentTo)
    return (
      <div role="status" className="rounded-lg border border-brand-200 bg-brand-50 p-4 text-sm text-slate-700">
        <p className="font-semibold text-ink">Check your inbox</p>
        <p className="mt-1">
          If an account uses <span className="font-medium break-all">{sentTo}</span>, we sent it a link to set a new
          password. The link works for 30 minutes.
        </p>
      </div>
    );
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <Field id="email" label="Email" error={action.fields.email}>
        <Input name="email" type="email" autoComplete="email" {...bind('email')} required />
      </Field>
      <FormFooter busy={action.busy} error={action.formError} label="Send me a link" />
    </form>
  );
}
