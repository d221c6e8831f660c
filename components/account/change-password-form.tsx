'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { StatusMessage, type Status } from '@/components/ui/status-message';
import { ApiError, messageOf } from '@/lib/api-client';
import { PASSWORD_HINT, PASSWORD_MAX_LENGTH } from '@/lib/validation/auth';
import type { FieldErrors } from '@/lib/validation/field-errors';
import { submitPasswordChange, type PasswordChangeValues } from './submit-password-change';

const EMPTY: PasswordChangeValues = { currentPassword: '', newPassword: '', confirmPassword: '' };
const CHANGED = 'Your password has changed. Other devices have been signed out.';

const FIELDS = [
  { key: 'currentPassword', label: 'Current password', autoComplete: 'current-password', hint: undefined },
  { key: 'newPassword', label: 'New password', autoComplete: 'new-password', hint: PASSWORD_HINT },
  { key: 'confirmPassword', label: 'Confirm new password', autoComplete: 'new-password', hint: undefined },
] as const;

function usePasswordChange(email: string) {
  const router = useRouter();
  const [values, setValues] = useState<PasswordChangeValues>(EMPTY);
  const [fields, setFields] = useState<FieldErrors>({});
  const [status, setStatus] = useState<Status>(null);
  const [signInAgain, setSignInAgain] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setStatus(null);
    setFields({});
    try {
      const signedIn = await submitPasswordChange(values, email);
      setValues(EMPTY);
      setSignInAgain(!signedIn);
      setStatus({ ok: true, text: signedIn ? CHANGED : `${CHANGED} Please sign in again with your new password.` });
      router.refresh();
    } catch (failure) {
      const failed = failure instanceof ApiError ? failure.fields : {};
      setFields(failed);
      // A field's own message says it all; the others (429, a conflict, no network) show below the form.
      if (Object.keys(failed).length === 0) setStatus({ ok: false, text: messageOf(failure) });
    } finally {
      setBusy(false);
    }
  }

  return { values, setValues, fields, status, signInAgain, busy, submit };
}

/** The Account page's 'Change password' form; `email` signs this device in again afterwards. */
export function ChangePasswordForm({ email }: { email: string }) {
  const { values, setValues, fields, status, signInAgain, busy, submit } = usePasswordChange(email);
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      {FIELDS.map(({ key, label, autoComplete, hint }) => (
        <Field key={key} id={key} label={label} error={fields[key]} hint={hint}>
          <Input
            name={key}
            type="password"
            autoComplete={autoComplete}
            value={values[key]}
            onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
            required
            maxLength={PASSWORD_MAX_LENGTH}
          />
        </Field>
      ))}
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
