import { z } from 'zod';
import { checkText } from './text';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;
export const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
export const PASSWORD_TOO_LONG = `Password must be ${PASSWORD_MAX_LENGTH} characters or fewer`;
/** Shown under every field where a new password is chosen. */
export const PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters; a few unusual words work well.`;

// The length rules of a new password; how easy it is to guess is checked on the server
// (lib/auth/password-strength.ts), which knows the person's e-mail and name.
function newPassword(required: string) {
  return z
    .string({ error: required })
    .min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT)
    .max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG);
}

export const NAME_MAX_LENGTH = 80;

export const registerSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(NAME_MAX_LENGTH, `Name must be ${NAME_MAX_LENGTH} characters or fewer`)
    .check(checkText('Name')),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Email must be 254 characters or fewer')
    .pipe(z.email('Please enter a valid email address').check(checkText('Email'))),
  password: newPassword('Password is required'),
});

export type RegisterInput = z.infer<typeof registerSchema>;

export const signInSchema = z.object({
  email: z.string().trim().min(1).max(254).check(checkText('Email')),
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});

export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG),
  newPassword: newPassword('New password is required'),
});

export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
