import 'server-only';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { db } from '@/lib/db/client';
import { isUniqueViolation } from '@/lib/db/errors';
import { AppError } from '@/lib/http/errors';
import { consumeRateLimit } from '@/lib/rate-limit';
import { accountRequests, users } from '@/models';
import { queueAccountMail, siteLink } from './account-mail';
import { verifyPassword } from './password';
import { signInDetails } from './service';
import { consumeToken, endTokens } from './tokens';

// A new address is confirmed by a link sent to it; until it is followed nothing changes.
// The current address is told at once, with a way to secure the account. The answer, and
// the work the request does, are the same whether or not another account holds the new
// address (it is then sent nothing).

const WRONG_PASSWORD = 'Your password is incorrect.';
export const EMAIL_IN_USE = 'This address now belongs to another account.';

export async function requestEmailChange(
  userId: string,
  input: { email: string; password?: string },
): Promise<{ email: string }> {
  const newEmail = input.email.toLowerCase();
  const user = await signInDetails(userId);
  if (user.email?.toLowerCase() === newEmail)
    throw new AppError('bad_request', 'That is already your address.', { email: 'That is already your address.' });
  await consumeRateLimit('emailChange', userId);
  // Someone at an unlocked computer must not be able to move the account away.
  if (user.passwordHash && !(input.password && (await verifyPassword(input.password, user.passwordHash))))
    throw new AppError('bad_request', WRONG_PASSWORD, { password: WRONG_PASSWORD });
  // The current address is told whatever becomes of the request (if its owner confirmed it:
  // lib/users/account-mail.ts), so what reaches it says nothing of whether another account
  // holds the new one; the mail job looks that up (./address-lookups.ts).
  if (user.email)
    await queueAccountMail(
      user.email,
      {
        kind: 'email_change_notice',
        payload: { name: user.name, newEmail, resetUrl: siteLink('/forgot-password') },
      },
      userId,
    );
  await db().insert(accountRequests).values({ kind: 'email_change', email: newEmail, userId });
  return { email: newEmail };
}

export type EmailChangeResult = { status: 'changed'; email: string } | { status: 'expired' } | { status: 'taken' };

/** Moves the account to the address the link was sent to, confirmed by following it. */
export async function confirmEmailChange(token: string): Promise<EmailChangeResult> {
  try {
    return await db().transaction(async (tx) => {
      const used = await consumeToken(token, 'email_change', tx);
      if (!used) return { status: 'expired' as const };
      const [changed] = await tx
        .update(users)
        .set({ email: used.email, emailVerifiedAt: sql`now()`, updatedAt: new Date() })
        .where(and(eq(users.id, used.userId), isNull(users.deletedAt)))
        .returning({ id: users.id });
      if (!changed) return { status: 'expired' as const };
      // Links sent to the old address (a reset, a confirmation) no longer reach its owner.
      // Nothing cached shows an address, so there is nothing to drop.
      await endTokens(used.userId, tx);
      return { status: 'changed' as const, email: used.email };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { status: 'taken' };
    throw error;
  }
}
