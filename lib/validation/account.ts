import { z } from 'zod/mini';
import { BIO_MAX, LINKS_MAX } from '@/lib/domain/accounts';
import { handleProblem } from '@/lib/domain/handles';
import { checkText } from './text';

// The account's own forms: the handle, the profile, the e-mail address, a forgotten password.

/** A handle as typed: trimmed, a leading '@' dropped, then held to the handle rules. */
export const handleSchema = z
  .pipe(
    z
      .string({ error: 'Handle is required' })
      .check(z.trim(), z.minLength(1, 'Handle is required'), z.maxLength(200, 'Handle must be 30 characters or fewer')),
    z.transform((value: string) => value.replace(/^@/, '')),
  )
  .check(
    z.superRefine((value, ctx) => {
      const problem = handleProblem(value);
      if (problem) ctx.issues.push({ code: 'custom', message: problem, input: value });
    }),
  );

/** An e-mail address typed into a form. */
export const emailSchema = z.pipe(
  z
    .string({ error: 'Email is required' })
    .check(z.trim(), z.minLength(1, 'Email is required'), z.maxLength(254, 'Email must be 254 characters or fewer')),
  z.email('Please enter a valid email address').check(checkText('Email')),
);

export const forgotPasswordSchema = z.object({ email: emailSchema });

/** A reset link's token: 43 URL-safe characters (32 random bytes). */
export const accountTokenSchema = z
  .string({ error: 'This link is not valid.' })
  .check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'This link is not valid.'));

export const BIO_TOO_LONG = `Bio must be ${BIO_MAX} characters or fewer`;
export const LINKS_TOO_MANY = `Add at most ${LINKS_MAX} links`;
export const LINK_NOT_HTTPS = 'Links must start with https://';

/** A profile link: an https address of at most 300 characters. */
export const profileLinkSchema = z.string().check(
  z.trim(),
  z.maxLength(300, 'Links must be 300 characters or fewer'),
  // Before the address is parsed: the URL parser drops control characters at either end.
  checkText('Links'),
  z.refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' && url.hostname.includes('.') && !url.username && !url.password;
    } catch {
      return false;
    }
  }, LINK_NOT_HTTPS),
);

export const changeEmailSchema = z.object({
  email: emailSchema,
  /** The current password, for an account that has one. */
  password: z.optional(z.string().check(z.maxLength(200, 'Password must be 200 characters or fewer'))),
});
