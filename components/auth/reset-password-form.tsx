'use client';

import { useRouter } from 'next/navigation';
import type { FormEvent } from 'react';
import { useApiAction } from '@/components/forms/use-api-action';
import { useFormValues } from '@/components/forms/use-form-values';
import { FormFooter } from '@/components/forms/form-footer';
import { PasswordFields, type PasswordField } from '@/components/forms/password-fields';
import { api } from '@/lib/api-client';
import { PASSWORD_HINT, resetPasswordSchema } from '@/lib/validation/auth';
import { checkWith } from '@/lib/validation/check';
import type { Checked } from '@/lib/validation/field-errors';
import { signInWithPassword } from './use-login-form';

const MISMATCH = 'The passwords do not match.';

type Values = { password: string; confirmPassword: string };

const FIELDS: ReadonlyArray<PasswordField<keyof Values>> = [
  { key: 'password', label: 'New password', autoComplete: 'new-password', hint: PASSWORD_HINT },
  { key: 'confirmPassword', label: 'Confirm new password', autoComplete: 'new-password' },
];

function check(token: string, values: Values): Checked<{ token: string; password: string }> {
  const checked = checkWith(resetPasswordSchema, { token, password: values.password });
  if (checked.ok && values.confirmPassword !== values.password)
    return { ok: false, fields: { confirmPassword: MISMATCH }, error: MISMATCH };
  return checked;
}

/** The reset link's page: a new password, then signed in on this device with it. */
export function ResetPasswordForm({ token }: { token: string }) {
  const router = useRouter();
  const { values, set } = useFormValues<Values>({ password: '', confirmPassword: '' });
  const action = useApiAction();
  const submit = (event: FormEvent) =>
    action.submit(event, {
      check: () => check(token, values),
      async send(checked) {
        const { email } = await api<{ email: string }>('/api/auth/reset-password', {
          json: checked,
          fallback: 'Could not set the password. Please try again.',
        });
        // Every session of the account has ended; this device starts a new one.
        await signInWithPassword(email, checked.password, '/profile');
        router.push('/profile');
        router.refresh();
      },
    });
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <PasswordFields
        fields={FIELDS}
        values={values}
        onChange={(key, value) => set(key)(value)}
        errors={action.fields}
      />
      <FormFooter busy={action.busy} error={action.formError} label="Set new password" />
    </form>
  );
}
