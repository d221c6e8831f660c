import { z } from 'zod/mini';
import { accountTokenSchema, emailSchema, handleSchema } from './account';
import { checkText, requiredText } from './text';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;
export const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
export const PASSWORD_TOO_LONG = `Password must be ${PASSWORD_MAX_LENGTH} characters or fewer`;
/** Shown under every field where a new password is chosen. */
export const PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters; a few unusual words work well.`;

// The length rules of a new password; how easy it is to guess is checked on the server
// (lib/users/password-strength.ts), which knows the person's e-mail and name.
function newPassword(required: string) {
  return z
    .string({ error: required })
    .check(z.minLength(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT), z.maxLength(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG));
}

export const NAME_MAX_LENGTH = 80;

export const registerSchema = z.object({
  name: requiredText('Name', {
    required: 'Name is required',
    max: NAME_MAX_LENGTH,
    tooLong: `Name must be ${NAME_MAX_LENGTH} characters or fewer`,
  }),
  handle: handleSchema,
  email: emailSchema,
  password: newPassword('Password is required'),
  // Where to go once the address is confirmed (a checkout, the page signed up from); a path
  // of this site only, checked again where it is used.
  returnPath: z.optional(z.string().check(z.maxLength(2048))),
});

export type RegisterInput = z.infer<typeof registerSchema>;

export const signInSchema = z.object({
  email: z.string().check(z.trim(), z.minLength(1), z.maxLength(254), checkText('Email')),
  password: z.string().check(z.minLength(1), z.maxLength(PASSWORD_MAX_LENGTH)),
});

export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: 'Current password is required' })
    .check(z.minLength(1, 'Current password is required'), z.maxLength(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG)),
  newPassword: newPassword('New password is required'),
});

export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** A new password set from a reset link. */
export const resetPasswordSchema = z.object({
  token: accountTokenSchema,
  password: newPassword('Password is required'),
});

export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** Following a sign-up's link: its token, and the password chosen then when another browser follows it. */
export const confirmSignUpSchema = z.object({
  token: accountTokenSchema,
  password: z.optional(z.string().check(z.maxLength(PASSWORD_MAX_LENGTH))),
});

/** "Send the link again" (POST /api/account/verification): where following it should lead on to. */
export const resendVerificationSchema = z.object({
  returnPath: z.optional(z.string().check(z.maxLength(2048, 'The return path is too long.'))),
});
