import 'server-only';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { db } from '@/lib/db/client';
import { AppError } from '@/lib/http/errors';
import { clearRateLimit } from '@/lib/rate-limit';
import type { ResetPasswordInput } from '@/lib/validation/auth';
import { accountRequests, users } from '@/models';
import { hashPassword } from './password';
import { checkPasswordStrength } from './password-strength';
import { consumeToken, endTokens, peekToken } from './tokens';

// "Forgot password": the same answer and the same work for every address, and for an account
// with a password and a confirmed address an e-mail with a link that sets a new one. The link
// works once, for 30 minutes, and a newer one ends it. Setting the password ends every
// session, confirms the address the link reached, and lifts the sign-in lock of the account.

export const RESET_LINK_EXPIRED = 'This link has expired or was already used. Please ask for a new one.';

/**
 * Queues the request, and nothing else: the mail job looks the address up and sends a link
 * to an account with a password and a confirmed address (./address-lookups.ts). So the
 * request does the same work, and takes the same time, for every address.
 */
export async function requestPasswordReset(email: string): Promise<void> {
  await db().insert(accountRequests).values({ kind: 'password_reset', email: email.toLowerCase() });
}

/** Whether a reset link still works, for its page to show the form or say it has expired. */
export async function resetLinkWorks(token: string): Promise<boolean> {
  return (await peekToken(token, 'password_reset')) !== null;
}

/**
 * Sets the new password the link allows; gives the address to sign in with. A password too
 * easy to guess is refused before the link is used, so it can be tried again.
 */
export async function resetPassword(input: ResetPasswordInput): Promise<{ email: string }> {
  const holder = await peekToken(input.token, 'password_reset');
  if (!holder) throw new AppError('bad_request', RESET_LINK_EXPIRED);
  const [user] = await db()
    .select({ name: users.name, email: users.email, handle: users.nickname })
    .from(users)
    .where(and(eq(users.id, holder.userId), isNull(users.deletedAt)))
    .limit(1);
  if (!user?.email) throw new AppError('bad_request', RESET_LINK_EXPIRED);
  const weakness = await checkPasswordStrength(input.password, user);
  if (weakness) throw new AppError('bad_request', weakness, { password: weakness });
  const passwordHash = await hashPassword(input.password);
  const email = await db().transaction(async (tx) => {
    const used = await consumeToken(input.token, 'password_reset', tx);
    if (!used) throw new AppError('bad_request', RESET_LINK_EXPIRED);
    const reachedOwner = sql`lower(${users.email}) = ${used.email.toLowerCase()}`;
    const [updated] = await tx
      .update(users)
      .set({
        passwordHash,
        sessionVersion: sql`${users.sessionVersion} + 1`,
        // The link reached this address: its owner is who set the password.
        emailVerifiedAt: sql`case when ${reachedOwner} then coalesce(${users.emailVerifiedAt}, now()) else ${users.emailVerifiedAt} end`,
        updatedAt: new Date(),
      })
      .where(eq(users.id, used.userId))
      .returning({ email: users.email });
    await endTokens(used.userId, tx);
    return updated?.email ?? used.email;
  });
  if (!email) throw new AppError('bad_request', RESET_LINK_EXPIRED);
  // Locked out by failed guesses, the owner may sign in with the new password at once.
  await clearRateLimit('signInAccount', email.toLowerCase());
  return { email };
}
