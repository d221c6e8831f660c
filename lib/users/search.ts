import 'server-only';
import { asc, or, sql } from 'drizzle-orm';
import { db } from '@/lib/db/client';
import { containsPattern } from '@/lib/db/like';
import { userCardColumns } from './columns';
import { users } from '@/models';

export const SEARCH_MAX_RESULTS = 20;

export type UserSearchResult = { user_id: string; nickname: string; picture: string | null };

/**
 * Partial, case-insensitive match on nickname or name (trigram indexes serve the LIKE), for
 * a text `userSearchSchema` accepted.
 */
export async function searchUsers(text: string): Promise<UserSearchResult[]> {
  const pattern = containsPattern(text.toLowerCase());
  const rows = await db()
    .select(userCardColumns)
    .from(users)
    .where(or(sql`lower(${users.nickname}) like ${pattern}`, sql`lower(${users.name}) like ${pattern}`))
    .orderBy(asc(users.nickname), asc(users.id))
    .limit(SEARCH_MAX_RESULTS);
  return rows.map(({ id, nickname, name, picture }) => ({ user_id: id, nickname: nickname || name, picture }));
}
