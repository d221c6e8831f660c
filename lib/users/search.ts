import 'server-only';
import { asc, or, sql } from 'drizzle-orm';
import { db } from '@/lib/db/client';
import { AppError } from '@/lib/http/errors';
import { users } from '@/models';

export const SEARCH_MIN_LENGTH = 3;
export const SEARCH_MAX_RESULTS = 20;
export const SEARCH_TOO_SHORT = 'Please enter at least 3 characters to search.';

export type UserSearchResult = { user_id: string; nickname: string; picture: string | null };

/** Partial, case-insensitive match on nickname or name (trigram indexes serve the LIKE). */
export async function searchUsers(text: string): Promise<UserSearchResult[]> {
  const term = text.trim().toLowerCase();
  if (term.length < SEARCH_MIN_LENGTH) throw new AppError('bad_request', SEARCH_TOO_SHORT);
  if (term.length > 100) throw new AppError('bad_request', 'Search text must be 100 characters or fewer.');
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db()
    .select({ user_id: users.id, nickname: users.nickname, name: users.name, picture: users.picture })
    .from(users)
    .where(or(sql`lower(${users.nickname}) like ${pattern}`, sql`lower(${users.name}) like ${pattern}`))
    .orderBy(asc(users.nickname))
    .limit(SEARCH_MAX_RESULTS);
  return rows.map(({ user_id, nickname, name, picture }) => ({ user_id, nickname: nickname || name, picture }));
}
