import { asc, eq, sql } from 'drizzle-orm';
import { expect, onTestFinished, vi } from 'vitest';
import { db } from '@/lib/db/client';
import type { AccountMailKind, AccountTokenPurpose } from '@/lib/domain/accounts';
import { lookUpAddresses } from '@/lib/users/address-lookups';
import { accountMail, accountTokens, users } from '@/models';

// What the account flows leave behind, read as the tests compare it: the messages queued in
// the account_mail outbox (with the links they carry until sent), the single-use links
// stored for each account, and the user row's account fields. Requests that name an address
// (a sign-up, a reset, a move) are looked up by the mail job before their messages exist:
// reading the outbox runs that step first, as the job would within seconds.

/** The messages queued so far, oldest first: to whom, what kind, what they say. */
export async function queuedMail() {
  await lookUpAddresses();
  return db()
    .select({
      to: accountMail.toAddress,
      kind: accountMail.kind,
      userId: accountMail.userId,
      payload: accountMail.payload,
    })
    .from(accountMail)
    .orderBy(asc(accountMail.createdAt));
}

/** The one queued message of `kind` to `to` (it fails the test when there is not exactly one). */
export async function onlyMail(kind: AccountMailKind, to: string) {
  const found = (await queuedMail()).filter((mail) => mail.kind === kind && mail.to === to);
  expect(found).toHaveLength(1);
  return found[0]!;
}

/** The token of the link in the newest queued message of `kind` to `to`. */
export async function tokenMailed(kind: AccountMailKind, to: string): Promise<string> {
  const found = (await queuedMail()).filter((mail) => mail.kind === kind && mail.to === to);
  const url = found.at(-1)?.payload?.url;
  if (!url) throw new Error(`no ${kind} link was mailed to ${to}`);
  const token = new URL(url).searchParams.get('token');
  if (!token) throw new Error(`the ${kind} link to ${to} carries no token: ${url}`);
  return token;
}

/** The links stored for an account, oldest first. */
export async function tokensOf(userId: string, purpose?: AccountTokenPurpose) {
  await lookUpAddresses();
  const rows = await db()
    .select({
      purpose: accountTokens.purpose,
      email: accountTokens.email,
      tokenHash: accountTokens.tokenHash,
      used: sql<boolean>`${accountTokens.usedAt} is not null`,
      lifetimeMinutes: sql<number>`round(extract(epoch from ${accountTokens.expiresAt} - ${accountTokens.createdAt}) / 60)::int`,
    })
    .from(accountTokens)
    .where(eq(accountTokens.userId, userId))
    .orderBy(asc(accountTokens.createdAt));
  return purpose ? rows.filter((row) => row.purpose === purpose) : rows;
}

/** Lets every link of the account run out, as its lifetime would. */
export async function expireTokens(userId: string): Promise<void> {
  await db()
    .update(accountTokens)
    .set({ expiresAt: sql`now() - interval '1 second'` })
    .where(eq(accountTokens.userId, userId));
}

/** The account fields of a user row that these flows (and a sign-in through OIDC) change. */
export async function accountOf(userId: string) {
  const [row] = await db()
    .select({
      email: users.email,
      verified: sql<boolean>`${users.emailVerifiedAt} is not null`,
      sessionVersion: users.sessionVersion,
      name: users.name,
      nickname: users.nickname,
      handleChosen: users.handleChosen,
      picture: users.picture,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/**
 * Moves the clock (Date only: the rate limiters compare with Date.now()) past `seconds`,
 * for the rest of the test.
 */
export function laterBy(seconds: number): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  onTestFinished(() => {
    vi.useRealTimers();
  });
  vi.setSystemTime(Date.now() + seconds * 1000 + 1000);
}
