'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { PasswordFields, type PasswordField } from '@/components/forms/password-fields';
import { useApiAction } from '@/components/forms/use-api-action';
import { Button } from '@/components/ui/button';
import { StatusMessage } from '@/components/ui/status-message';
import { PASSWORD_HINT } from '@/lib/validation/auth';
import { checkPasswordChange, submitPasswordChange, type PasswordChangeValues } from './submit-password-change';

const EMPTY: PasswordChangeValues = { currentPassword: '', newPassword: '', confirmPassword: '' };
const CHANGED = 'Your password has changed. Other devices have been signed out.';

const FIELDS: ReadonlyArray<PasswordField<keyof PasswordChangeValues>> = [
  { key: 'currentPassword', label: 'Current password', autoComplete: 'current-password' },
  { key: 'newPassword', label: 'New password', autoComplete: 'new-password', hint: PASSWORD_HINT },
  { key: 'confirmPassword', label: 'Confirm new password', autoComplete: 'new-password' },
];

function usePasswordChange(email: string) {
  const router = useRouter();
  const [values, setValues] = useState<PasswordChangeValues>(EMPTY);
  const [signInAgain, setSignInAgain] = useState(false);
  const action = useApiAction();

  const submit = (event: FormEvent) =>
    action.submit(event, {
      check: () => checkPasswordChange(values),
      async send(checked) {
        const signedIn = await submitPasswordChange(checked, email);
        setValues(EMPTY);
        setSignInAgain(!signedIn);
        router.refresh();
      },
    });

  // A field's own message says it all; the others (429, a conflict, no network) show below the form.
  const changed = signInAgain ? `${CHANGED} Please sign in again with your new password.` : CHANGED;
  const status = Object.keys(action.fields).length ? null : action.status(changed);
  return { values, setValues, fields: action.fields, status, signInAgain, busy: action.busy, submit };
}

/** The Account page's 'Change password' form; `email` signs this device in again afterwards. */
export function ChangePasswordForm({ email }: { email: string }) {
  const { values, setValues, fields, status, signInAgain, busy, submit } = usePasswordChange(email);
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <PasswordFields
        fields={FIELDS}
        values={values}
        onChange={(key, value) => setValues((v) => ({ ...v, [key]: value }))}
        errors={fields}
      />
      <StatusMessage status={status} />
      {signInAgain && (
        <Link href="/login?callbackUrl=/account" className="text-sm font-semibold text-brand-700 hover:underline">
          Sign in
        </Link>
      )}
      <Button type="submit" disabled={busy}>
        {busy ? 'Please wait...' : 'Change password'}
      </Button>
    </form>
  );
}
