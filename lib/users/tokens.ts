import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { db } from '@/lib/db/client';
import { TOKEN_LIFETIME_MINUTES, type AccountTokenPurpose } from '@/lib/domain/accounts';
import { accountTokens } from '@/models';

// The single-use links of account e-mails. The link carries 32 random bytes; the database
// keeps their SHA-256 only, so neither a copy of it nor its logs open an account. A link
// works once, until it expires, and only while it is the newest of its kind for its account:
// asking for another ends the ones before.

type Executor = Pick<ReturnType<typeof db>, 'insert' | 'update' | 'select'>;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new link's token for this account and purpose, sent to `email`; earlier unused ones end. */
export async function issueToken(
  userId: string,
  purpose: AccountTokenPurpose,
  email: string,
  executor: Executor = db(),
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
    expiresAt: sql`now() + make_interval(mins => ${TOKEN_LIFETIME_MINUTES[purpose]})`,
  });
  return token;
}

export type TokenHolder = { userId: string; email: string };

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
    .select({ userId: accountTokens.userId, email: accountTokens.email })
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
    .returning({ userId: accountTokens.userId, email: accountTokens.email });
  return row ?? null;
}

/** Ends every unused link of an account (its password changed, its address moved). */
export async function endTokens(userId: string, executor: Executor = db()): Promise<void> {
  await executor
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(accountTokens.userId, userId), isNull(accountTokens.usedAt)));
}
