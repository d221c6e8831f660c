import 'server-only';
import { asc, or, sql } from 'drizzle-orm';
import { db } from '@/lib/db/client';
import { users } from '@/models';

export const SEARCH_MAX_RESULTS = 20;

export type UserSearchResult = { user_id: string; nickname: string; picture: string | null };

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Partial, case-insensitive match on nickname or name (trigram indexes serve the LIKE), for
 * a text `userSearchSchema` accepted.
 */
export async function searchUsers(text: string): Promise<UserSearchResult[]> {
  const pattern = `%${escapeLike(text.toLowerCase())}%`;
  const rows = await db()
    .select({ user_id: users.id, nickname: users.nickname, name: users.name, picture: users.picture })
    .from(users)
    .where(or(sql`lower(${users.nickname}) like ${pattern}`, sql`lower(${users.name}) like ${pattern}`))
    .orderBy(asc(users.nickname), asc(users.id))
    .limit(SEARCH_MAX_RESULTS);
  return rows.map(({ user_id, nickname, name, picture }) => ({ user_id, nickname: nickname || name, picture }));
}
