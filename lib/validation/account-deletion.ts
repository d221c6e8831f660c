import { z } from 'zod/mini';
import { PASSWORD_MAX_LENGTH } from './auth';

// Deleting an account asks once more that its owner is the one at the keyboard: the password
// of an account that has one, or a word typed for one that signs in with a provider.

export const DELETE_WORD = 'DELETE';
export const PASSWORD_NEEDED = 'Enter your password to delete your account.';
export const WORD_NEEDED = `Type ${DELETE_WORD} to confirm.`;
export const WRONG_PASSWORD = 'Password is incorrect.';

/** What DELETE /api/account may carry; which of the two counts depends on the account. */
export const deleteAccountSchema = z.object({
  password: z.optional(z.string().check(z.maxLength(PASSWORD_MAX_LENGTH, WRONG_PASSWORD))),
  confirm: z.optional(z.string().check(z.maxLength(50, WORD_NEEDED))),
});

export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/** An account with a password gives it. */
export const passwordProofSchema = z.object({
  password: z
    .string({ error: PASSWORD_NEEDED })
    .check(z.minLength(1, PASSWORD_NEEDED), z.maxLength(PASSWORD_MAX_LENGTH, WRONG_PASSWORD)),
});

/** An account without one types the word, in capitals. */
export const typedProofSchema = z.object({
  confirm: z.string({ error: WORD_NEEDED }).check(
    z.trim(),
    z.refine((value) => value === DELETE_WORD, WORD_NEEDED),
  ),
});
