import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { invalidate, userTags } from '@/lib/cache';
import { db } from '@/lib/db/client';
import { isUniqueViolation } from '@/lib/db/errors';
import { dummyPasswordHash, hashPassword, verifyPassword } from './password';
import { checkPasswordStrength } from './password-strength';
import { AppError } from '@/lib/http/errors';
import type { ChangePasswordInput, RegisterInput } from '@/lib/validation/auth';
import { users } from '@/models';
import { accountColumns, type AccountUser } from './columns';

/** An account as sessions see it: the version its sessions must carry, and whether it has a password. */
export type SessionUser = AccountUser & { sessionVersion: number; hasPassword: boolean };

function nicknameFromEmail(email: string): string {
  return email.split('@')[0]!.slice(0, 60);
}

export async function createLocalUser(input: RegisterInput): Promise<AccountUser> {
  const email = input.email.toLowerCase();
  const weakness = await checkPasswordStrength(input.password, { email, name: input.name });
  if (weakness) throw new AppError('bad_request', weakness, { password: weakness });
  try {
    const [user] = await db()
      .insert(users)
      .values({
        id: `local|${randomUUID()}`,
        email,
        name: input.name,
        nickname: nicknameFromEmail(email),
        passwordHash: await hashPassword(input.password),
      })
      .returning(accountColumns);
    // Their public profile shows the name and picture just refreshed.
    invalidate(...userTags(user!.id));
    return user!;
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('conflict', 'An account with this email already exists.', {
        email: 'An account with this email already exists.',
      });
    }
    throw error;
  }
}

/** The account for an e-mail and password, or null when they do not match. */
export async function verifyLocalCredentials(email: string, password: string): Promise<AccountUser | null> {
  const [row] = await db()
    .select({ ...accountColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  // An unknown e-mail, or an account that signs in elsewhere, costs the same scrypt work
  // as a real check: otherwise the time of the answer tells which e-mails have accounts.
  const matches = await verifyPassword(password, row?.passwordHash ?? (await dummyPasswordHash()));
  if (!row?.passwordHash || !matches) return null;
  const { passwordHash: _hash, ...user } = row;
  return user;
}

/** Creates or refreshes the account of someone who signed in with the OpenID Connect provider. */
export async function upsertOidcUser(profile: {
  id: string;
  email: string | null;
  name: string;
  nickname: string;
  picture: string | null;
}): Promise<AccountUser> {
  const values = { ...profile, updatedAt: new Date() };
  try {
    const [user] = await db()
      .insert(users)
      .values(values)
      .onConflictDoUpdate({
        target: users.id,
        set: {
          email: values.email,
          name: values.name,
          nickname: values.nickname,
          picture: values.picture,
          updatedAt: values.updatedAt,
        },
      })
      .returning(accountColumns);
    return user!;
  } catch (error) {
    // The e-mail already belongs to another account: sign in without claiming it.
    if (isUniqueViolation(error)) return upsertOidcUser({ ...profile, email: null });
    throw error;
  }
}

export async function getAccountUser(id: string): Promise<SessionUser | null> {
  const [user] = await db()
    .select({
      ...accountColumns,
      sessionVersion: users.sessionVersion,
      hasPassword: sql<boolean>`${users.passwordHash} is not null`,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return user ?? null;
}

/** The version a new session of this account carries, or null for no account. */
export async function getSessionVersion(id: string): Promise<number | null> {
  const [row] = await db()
    .select({ sessionVersion: users.sessionVersion })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row?.sessionVersion ?? null;
}

/**
 * Ends every session of the account (sign-out ends them on every device). Only a session
 * of the current version may: one that has already ended is no session, and must not end
 * the ones started since. Returns whether it did.
 */
export async function endAllSessions(userId: string, issuedVersion: number): Promise<boolean> {
  const ended = await db()
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(and(eq(users.id, userId), eq(users.sessionVersion, issuedVersion)))
    .returning({ id: users.id });
  return ended.length > 0;
}

const WRONG_CURRENT_PASSWORD = 'Current password is incorrect.';

/**
 * Replaces the account's password after checking the current one, and ends every session
 * of the account (the caller signs this device in again with the new password).
 * `providerName` names where an account without a password signs in.
 */
export async function changePassword(userId: string, input: ChangePasswordInput, providerName: string): Promise<void> {
  const [row] = await db()
    .select({ email: users.email, name: users.name, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw new AppError('unauthorized', 'You must be signed in to do this.');
  if (!row.passwordHash) {
    throw new AppError('bad_request', `This account signs in with ${providerName}; it has no password to change.`);
  }
  if (!(await verifyPassword(input.currentPassword, row.passwordHash))) {
    throw new AppError('bad_request', WRONG_CURRENT_PASSWORD, { currentPassword: WRONG_CURRENT_PASSWORD });
  }
  const weakness =
    input.newPassword === input.currentPassword
      ? 'Choose a password different from your current one.'
      : await checkPasswordStrength(input.newPassword, { email: row.email, name: row.name });
  if (weakness) throw new AppError('bad_request', weakness, { newPassword: weakness });
  // Only over the hash that was checked: a change made meanwhile (another device) wins,
  // and this one is refused rather than silently replacing it.
  const changed = await db()
    .update(users)
    .set({
      passwordHash: await hashPassword(input.newPassword),
      sessionVersion: sql`${users.sessionVersion} + 1`,
      updatedAt: new Date(),
    })
    .where(and(eq(users.id, userId), eq(users.passwordHash, row.passwordHash)))
    .returning({ id: users.id });
  if (changed.length === 0) {
    throw new AppError('conflict', 'Your password was changed on another device just now. Please sign in again.');
  }
}
