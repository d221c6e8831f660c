import 'server-only';
import { randomInt } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { suggestHandle } from '@/lib/domain/handles';
import { db } from '@/lib/db/client';
import { isUniqueViolation, violatedConstraint } from '@/lib/db/errors';
import { dummyPasswordHash, hashPassword, verifyPassword } from './password';
import { checkPasswordStrength } from './password-strength';
import { AppError } from '@/lib/http/errors';
import type { ChangePasswordInput } from '@/lib/validation/auth';
import { HANDLE_TAKEN } from '@/lib/validation/profile';
import { users } from '@/models';
import { accountColumns, type AccountUser } from './columns';
import { endTokens } from './tokens';
import { handlesChanged, releaseHandle } from './handle-addresses';

/** An account as sessions see it: the version its sessions must carry, and whether it has a password. */
export type SessionUser = AccountUser & {
  sessionVersion: number;
  hasPassword: boolean;
  emailVerified: boolean;
  handleChosen: boolean;
};

/** The 409 for a handle another live account holds (compared without case). */
export const handleTaken = () => new AppError('conflict', HANDLE_TAKEN, { handle: HANDLE_TAKEN });

/** Whether the unique index on handles refused a write. */
export const isHandleConflict = (error: unknown) =>
  isUniqueViolation(error) && violatedConstraint(error) === 'users_handle_unique';

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

/** What the OpenID Connect provider says of the person signing in. */
export type OidcIdentity = {
  id: string;
  email: string | null;
  /** Whether the provider checked that the address is theirs (its `email_verified` claim). */
  emailVerified: boolean;
  name: string;
  picture: string | null;
};

/**
 * The account of someone who signed in with the OpenID Connect provider. The first sign-in
 * makes it from the provider's profile, with a handle made from the name (which the person
 * is told they may change); later ones change nothing the person may have edited here, but
 * an address the provider has checked counts as confirmed.
 */
export async function upsertOidcUser(identity: OidcIdentity): Promise<AccountUser> {
  const verifiedAt = identity.emailVerified && identity.email ? new Date() : null;
  const [existing] = await db()
    .update(users)
    .set({
      // Only the address the provider checked: the account's may since have changed here.
      emailVerifiedAt: sql`case when lower(${users.email}) = lower(${identity.email}::text) then coalesce(${users.emailVerifiedAt}, ${verifiedAt}::timestamptz) else ${users.emailVerifiedAt} end`,
      updatedAt: new Date(),
    })
    .where(and(eq(users.id, identity.id), isNull(users.deletedAt)))
    .returning(accountColumns);
  if (existing) return existing;
  for (let attempt = 0; ; attempt += 1) {
    const handle = suggestHandle(identity.name, attempt === 0 ? '' : String(randomInt(1000, 10000)));
    try {
      const [user] = await db()
        .insert(users)
        .values({
          id: identity.id,
          email: identity.email,
          emailVerifiedAt: verifiedAt,
          name: identity.name,
          nickname: handle,
          handleChosen: false,
          picture: identity.picture,
        })
        .returning(accountColumns);
      // Someone's former handle, now this account's: it no longer leads to them.
      await releaseHandle(db(), handle);
      handlesChanged(handle);
      return user!;
    } catch (error) {
      if (isHandleConflict(error) && attempt < 20) continue;
      const constraint = isUniqueViolation(error) ? violatedConstraint(error) : undefined;
      // The e-mail already belongs to another account: sign in without claiming it.
      if (constraint === 'users_email_unique' && identity.email) return upsertOidcUser({ ...identity, email: null });
      // Signed in twice at once: the other sign-in made the account. A deleted account's row
      // of this id is not it, and is not brought back (asking again would loop for ever).
      if (constraint === 'users_pkey') {
        const [made] = await db()
          .select(accountColumns)
          .from(users)
          .where(and(eq(users.id, identity.id), isNull(users.deletedAt)))
          .limit(1);
        if (made) return made;
      }
      throw error;
    }
  }
}

export async function getAccountUser(id: string): Promise<SessionUser | null> {
  const [user] = await db()
    .select({
      ...accountColumns,
      sessionVersion: users.sessionVersion,
      hasPassword: sql<boolean>`${users.passwordHash} is not null`,
      emailVerified: sql<boolean>`${users.emailVerifiedAt} is not null`,
      handleChosen: users.handleChosen,
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
  return db().transaction(async (tx) => {
    const ended = await tx
      .update(users)
      .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(and(eq(users.id, userId), eq(users.sessionVersion, issuedVersion)))
      .returning({ id: users.id });
    // Whoever held a session may have asked for a link (a move of the address): it ends too.
    if (ended.length) await endTokens(userId, tx);
    return ended.length > 0;
  });
}

const WRONG_CURRENT_PASSWORD = 'Current password is incorrect.';

/** What a change to the account's sign-in is checked against: its name, address and password hash. */
export async function signInDetails(userId: string) {
  const [row] = await db()
    .select({ email: users.email, name: users.name, handle: users.nickname, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw new AppError('unauthorized', 'You must be signed in to do this.');
  return row;
}

/**
 * Replaces the account's password after checking the current one, and ends every session
 * of the account (the caller signs this device in again with the new password).
 * `providerName` names where an account without a password signs in.
 */
export async function changePassword(userId: string, input: ChangePasswordInput, providerName: string): Promise<void> {
  const row = await signInDetails(userId);
  if (!row.passwordHash) {
    throw new AppError('bad_request', `This account signs in with ${providerName}; it has no password to change.`);
  }
  if (!(await verifyPassword(input.currentPassword, row.passwordHash))) {
    throw new AppError('bad_request', WRONG_CURRENT_PASSWORD, { currentPassword: WRONG_CURRENT_PASSWORD });
  }
  const weakness =
    input.newPassword === input.currentPassword
      ? 'Choose a password different from your current one.'
      : await checkPasswordStrength(input.newPassword, row);
  if (weakness) throw new AppError('bad_request', weakness, { newPassword: weakness });
  // Only over the hash that was checked: a change made meanwhile (another device) wins,
  // and this one is refused rather than silently replacing it.
  const passwordHash = await hashPassword(input.newPassword);
  await db().transaction(async (tx) => {
    const changed = await tx
      .update(users)
      .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: new Date() })
      .where(and(eq(users.id, userId), eq(users.passwordHash, row.passwordHash!)))
      .returning({ id: users.id });
    if (changed.length === 0) {
      throw new AppError('conflict', 'Your password was changed on another device just now. Please sign in again.');
    }
    // A move of the address or a reset asked with the old password ends with it.
    await endTokens(userId, tx);
  });
}
