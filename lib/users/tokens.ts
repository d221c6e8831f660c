import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, or, sql, TransactionRollbackError } from 'drizzle-orm';
import { db, type Tx } from '@/lib/db/client';
import type { AccountMail } from '@/lib/mail/account-emails';
import { TOKEN_LIFETIME_MINUTES, type AccountTokenPurpose } from '@/lib/domain/accounts';
import { accountRequests, accountTokens, users } from '@/models';
import { queueAccountMail } from './account-mail';

// The single-use links of account e-mails. The link carries 32 random bytes; the database
// keeps their SHA-256 only, so neither a copy of it nor its logs open an account. A link
// works once, until it expires, and only while it is the newest of its kind for its account:
// asking for another ends the ones before.

type Executor = Pick<ReturnType<typeof db>, 'insert' | 'update' | 'select' | 'delete'>;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new link's token for this account and purpose, sent to `email`; earlier unused ones end. */
export async function issueToken(
  userId: string,
  purpose: AccountTokenPurpose,
  email: string,
  executor: Executor = db(),
  returnPath: string | null = null,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await executor
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
  await executor.insert(accountTokens).values({
    userId,
    purpose,
    email,
    tokenHash: hashOf(token),
    returnPath,
    expiresAt: sql`now() + make_interval(mins => ${TOKEN_LIFETIME_MINUTES[purpose]})`,
  });
  return token;
}

/**
 * Issues a link and queues the message that carries it, both or neither: past the address's
 * cap of e-mails (./account-mail.ts) no link is made, and the one mailed before still works.
 * Gives whether the message was queued.
 */
export async function mailLink(
  executor: Tx | ReturnType<typeof db>,
  link: { userId: string; purpose: AccountTokenPurpose; email: string; returnPath?: string | null },
  message: (token: string) => AccountMail,
): Promise<boolean> {
  try {
    // A savepoint inside the caller's transaction, or a transaction of its own.
    await executor.transaction(async (tx) => {
      const token = await issueToken(link.userId, link.purpose, link.email, tx, link.returnPath ?? null);
      if (!(await queueAccountMail(link.email, message(token), link.userId, tx))) tx.rollback();
    });
    return true;
  } catch (error) {
    if (error instanceof TransactionRollbackError) return false;
    throw error;
  }
}

export type TokenHolder = { userId: string; email: string; returnPath: string | null };

const matches = (token: string, purpose: AccountTokenPurpose) =>
  and(eq(accountTokens.tokenHash, hashOf(token)), eq(accountTokens.purpose, purpose));

const usable = (token: string, purpose: AccountTokenPurpose) =>
  and(matches(token, purpose), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, sql`now()`));

/**
 * Whose link this is, using nothing: only while it works (a page shows its form with it),
 * or with `{ anyState: true }` also once used or expired (to tell such a link from one never
 * issued).
 */
export async function peekToken(
  token: string,
  purpose: AccountTokenPurpose,
  { anyState = false, executor = db() }: { anyState?: boolean; executor?: Executor } = {},
): Promise<TokenHolder | null> {
  const [row] = await executor
    .select({ userId: accountTokens.userId, email: accountTokens.email, returnPath: accountTokens.returnPath })
    .from(accountTokens)
    .where(anyState ? matches(token, purpose) : usable(token, purpose))
    .limit(1);
  return row ?? null;
}

/**
 * Uses the link: whose it was, or null when it is unknown, used, ended or expired. One
 * statement marks it used, so of two requests with the same link only one gets an answer.
 */
export async function consumeToken(
  token: string,
  purpose: AccountTokenPurpose,
  executor: Executor = db(),
): Promise<TokenHolder | null> {
  const [row] = await executor
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(usable(token, purpose))
    .returning({ userId: accountTokens.userId, email: accountTokens.email, returnPath: accountTokens.returnPath });
  return row ?? null;
}

/**
 * Ends every unused link of an account, and drops the requests for one that the mail job has
 * not looked up yet (a reset of its address, a move to another): its password changed, it
 * signed out everywhere, its address moved. What was asked before must not arrive after.
 */
export async function endTokens(userId: string, executor: Executor = db()): Promise<void> {
  await executor
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(accountTokens.userId, userId), isNull(accountTokens.usedAt)));
  await executor
    .delete(accountRequests)
    .where(
      or(
        eq(accountRequests.userId, userId),
        sql`lower(${accountRequests.email}) = (select lower(${users.email}) from ${users} where ${users.id} = ${userId})`,
      ),
    );
}
