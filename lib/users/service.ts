import 'server-only';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { db } from '@/lib/db/client';
import { isUniqueViolation } from '@/lib/db/errors';
import { hashPassword, verifyPassword } from '@/lib/auth/password';
import { AppError } from '@/lib/http/errors';
import type { RegisterInput } from '@/lib/validation/auth';
import { users } from '@/models';

/** The columns anyone may see. The password hash never leaves this module. */
export const publicUserColumns = {
  id: users.id,
  name: users.name,
  nickname: users.nickname,
  picture: users.picture,
  bannerUrl: users.bannerUrl,
};

export type PublicUser = { id: string; name: string; nickname: string; picture: string | null; bannerUrl: string | null };
export type AccountUser = PublicUser & { email: string | null };

const accountColumns = { ...publicUserColumns, email: users.email };

function nicknameFromEmail(email: string): string {
  return email.split('@')[0]!.slice(0, 60);
}

export async function createLocalUser(input: RegisterInput): Promise<AccountUser> {
  const email = input.email.toLowerCase();
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
  if (!row?.passwordHash) return null;
  if (!(await verifyPassword(password, row.passwordHash))) return null;
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
        set: { email: values.email, name: values.name, nickname: values.nickname, picture: values.picture, updatedAt: values.updatedAt },
      })
      .returning(accountColumns);
    return user!;
  } catch (error) {
    // The e-mail already belongs to another account: sign in without claiming it.
    if (isUniqueViolation(error)) return upsertOidcUser({ ...profile, email: null });
    throw error;
  }
}

export async function getAccountUser(id: string): Promise<AccountUser | null> {
  const [user] = await db().select(accountColumns).from(users).where(eq(users.id, id)).limit(1);
  return user ?? null;
}
