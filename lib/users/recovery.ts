import 'server-only';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { db } from '@/lib/db/client';
import { AppError } from '@/lib/http/errors';
import { clearRateLimit, consumeRateLimit, limitReached } from '@/lib/rate-limit';
import type { ResetPasswordInput } from '@/lib/validation/auth';
import { users } from '@/models';
import { queueAccountMail, siteLink } from './account-mail';
import { hashPassword } from './password';
import { checkPasswordStrength } from './password-strength';
import { consumeToken, endTokens, issueToken, peekToken } from './tokens';

// "Forgot password": the same answer for every address, and for an account with a password
// an e-mail with a link that sets a new one. The link works once, for 30 minutes, and a newer
// one ends it. Setting the password ends every session, confirms the address the link
// reached, and lifts the sign-in lock of the account.

export const RESET_LINK_EXPIRED = 'This link has expired or was already used. Please ask for a new one.';

/** Queues a reset link for the account with this address, if there is one with a password. */
export async function requestPasswordReset(email: string): Promise<void> {
  const [user] = await db()
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), isNotNull(users.passwordHash)))
    .limit(1);
  if (!user?.email) return;
  // Past the account's limit the answer is the same, and no e-mail goes.
  if (await limitReached('passwordResetAccount', user.id)) return;
  await consumeRateLimit('passwordResetAccount', user.id).catch(() => undefined);
  const token = await issueToken(user.id, 'password_reset', user.email);
  await queueAccountMail(
    user.email,
    { kind: 'password_reset', payload: { name: user.name, url: siteLink(`/reset-password?token=${token}`) } },
    user.id,
  );
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
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.id, holder.userId), isNull(users.deletedAt)))
    .limit(1);
  if (!user?.email) throw new AppError('bad_request', RESET_LINK_EXPIRED);
  const weakness = await checkPasswordStrength(input.password, { email: user.email, name: user.name });
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
