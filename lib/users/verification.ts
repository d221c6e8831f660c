import 'server-only';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { db } from '@/lib/db/client';
import { AppError } from '@/lib/http/errors';
import { consumeRateLimit } from '@/lib/rate-limit';
import { accountTokens, users } from '@/models';
import { safeReturnPath } from '@/lib/http/return-path';
import { siteLink } from './account-mail';
import { consumeToken, mailLink, peekToken } from './tokens';

// A confirmed address is one whose owner followed a link sent there, or one the identity
// provider says it checked. Until then the account may browse, join free envolvements,
// comment, send submissions and prepare drafts; what would reach or charge the address's
// owner waits: paying, selling (a price, payouts), and notification e-mails.

export const UNVERIFIED_MESSAGE =
  'Please confirm your e-mail address first: follow the link we sent you, or ask for a new one in your account settings.';

/** Refuses, with a 403 that says what to do, an action that waits for a confirmed address. */
export function requireVerified(viewer: { emailVerified: boolean }): void {
  if (!viewer.emailVerified) throw new AppError('forbidden', UNVERIFIED_MESSAGE);
}

/**
 * Sends the account a new link to confirm its address; the links sent before end. Following
 * it leads on to `returnPath`, where the person was when they asked (a checkout).
 */
async function sendVerification(
  user: { id: string; name: string; email: string },
  returnPath: string | null,
): Promise<void> {
  const link = { userId: user.id, purpose: 'email_verify' as const, email: user.email, returnPath };
  await mailLink(db(), link, (token) => ({
    kind: 'verify_email',
    payload: { name: user.name, url: siteLink(`/verify-email?token=${token}`) },
  }));
}

/**
 * "Send the link again", on the account page or at a checkout that waits for it (its path is
 * `returnPath`, kept only when it is a path of this site).
 */
export async function resendVerification(userId: string, returnPath?: string): Promise<{ email: string }> {
  const [user] = await db()
    .select({ id: users.id, name: users.name, email: users.email, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user?.email) throw new AppError('bad_request', 'This account has no e-mail address to confirm.');
  if (user.verifiedAt) throw new AppError('bad_request', 'Your e-mail address is already confirmed.');
  await consumeRateLimit('verificationResend', userId);
  const onward = returnPath ? safeReturnPath(returnPath, '') || null : null;
  await sendVerification({ id: user.id, name: user.name, email: user.email }, onward);
  return { email: user.email };
}

export type VerificationResult =
  { status: 'confirmed'; email: string; returnPath: string | null } | { status: 'expired' } | { status: 'invalid' };

/**
 * Confirms the address a link was sent to, if it is still the account's. Following a link
 * again after it worked (or after a mail scanner opened it first) says it is confirmed.
 */
export async function verifyEmail(token: string): Promise<VerificationResult> {
  return db().transaction(async (tx) => {
    const holder = await consumeToken(token, 'email_verify', tx);
    const record = holder ?? (await peekToken(token, 'email_verify', { anyState: true, executor: tx }));
    if (!record) return { status: 'invalid' };
    const [user] = await tx
      .select({ email: users.email, verifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, record.userId))
      .limit(1);
    const current = user?.email?.toLowerCase() === record.email.toLowerCase();
    if (!current) return { status: 'expired' };
    const confirmed = { status: 'confirmed' as const, email: record.email, returnPath: record.returnPath };
    if (user?.verifiedAt) return confirmed;
    if (!holder) return { status: 'expired' };
    await tx
      .update(users)
      .set({ emailVerifiedAt: sql`now()`, updatedAt: new Date() })
      .where(and(eq(users.id, record.userId), isNull(users.emailVerifiedAt)));
    // The other confirmation links of this address have nothing left to do.
    await tx
      .update(accountTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(accountTokens.userId, record.userId),
          eq(accountTokens.purpose, 'email_verify'),
          isNull(accountTokens.usedAt),
        ),
      );
    return confirmed;
  });
}
