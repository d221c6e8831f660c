import { signIn } from 'next-auth/react';
import { changePasswordSchema } from '@/lib/validation/auth';

export type PasswordChangeValues = { currentPassword: string; newPassword: string; confirmPassword: string };

export type PasswordChangeResult =
  { ok: true; signedIn: boolean } | { ok: false; error: string | null; fields: Record<string, string> };

// The rules the server applies, checked first so a mistake is named under its field.
function checkValues(values: PasswordChangeValues): Record<string, string> {
  const fields: Record<string, string> = {};
  const parsed = changePasswordSchema.safeParse(values);
  if (!parsed.success) for (const issue of parsed.error.issues) fields[String(issue.path[0])] ??= issue.message;
  if (!fields.newPassword && values.confirmPassword !== values.newPassword)
    fields.confirmPassword = 'The new passwords do not match.';
  return fields;
}

/**
 * Sends a password change, then signs this device in again with the new password: the
 * change ends every session of the account, this one included.
 */
export async function submitPasswordChange(values: PasswordChangeValues, email: string): Promise<PasswordChangeResult> {
  const fields = checkValues(values);
  if (Object.keys(fields).length) return { ok: false, error: null, fields };
  const response = await fetch('/api/auth/password', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ currentPassword: values.currentPassword, newPassword: values.newPassword }),
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { error?: string; fields?: Record<string, string> };
    return {
      ok: false,
      error: body.error ?? 'Could not change the password. Please try again.',
      fields: body.fields ?? {},
    };
  }
  const signedIn = await signIn('credentials', { redirect: false, email, password: values.newPassword }).catch(
    () => undefined,
  );
  return { ok: true, signedIn: Boolean(signedIn?.ok && !signedIn.error) };
}
