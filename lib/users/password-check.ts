import 'server-only';
import { eq } from 'drizzle-orm';
import { db } from '@/lib/db/client';
import { users } from '@/models';
import { dummyPasswordHash, verifyPassword } from './password';

/**
 * Whether `password` is the account's current password, for a step that asks for it again
 * (deleting the account). False for an account without one. The hash is read and compared
 * here, so it never leaves lib/users; an account with no password costs the same scrypt
 * work, so the time of the answer tells nothing.
 */
export async function isAccountPassword(userId: string, password: string): Promise<boolean> {
  const [row] = await db()
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  const matches = await verifyPassword(password, row?.passwordHash ?? (await dummyPasswordHash()));
  return Boolean(row?.passwordHash) && matches;
}
