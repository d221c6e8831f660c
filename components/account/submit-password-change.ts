import { signIn } from 'next-auth/react';
import { api } from '@/lib/api-client';
import { changePasswordSchema } from '@/lib/validation/auth';
import { checkWith } from '@/lib/validation/check';
import type { Checked } from '@/lib/validation/field-errors';

export type PasswordChangeValues = { currentPassword: string; newPassword: string; confirmPassword: string };

const MISMATCH = 'The new passwords do not match.';

// The server's rules, then the form's own: the confirmation never leaves the browser.
export function checkPasswordChange(values: PasswordChangeValues): Checked<PasswordChangeValues> {
  const checked = checkWith(changePasswordSchema, values);
  const fields = checked.ok ? {} : checked.fields;
  if (!fields.newPassword && values.confirmPassword !== values.newPassword) fields.confirmPassword = MISMATCH;
  return Object.keys(fields).length
    ? { ok: false, fields, error: checked.ok ? MISMATCH : checked.error }
    : { ok: true, data: values };
}

/**
 * Sends a password change, then signs this device in again with the new password: the
 * change ends every session of the account, this one included. Resolves whether that
 * worked; a refusal is an ApiError with the message and fields to show.
 */
export async function submitPasswordChange(values: PasswordChangeValues, email: string): Promise<boolean> {
  await api('/api/auth/password', {
    json: { currentPassword: values.currentPassword, newPassword: values.newPassword },
    fallback: 'Could not change the password. Please try again.',
  });
  const signedIn = await signIn('credentials', { redirect: false, email, password: values.newPassword }).catch(
    () => undefined,
  );
  return Boolean(signedIn?.ok && !signedIn.error);
}
