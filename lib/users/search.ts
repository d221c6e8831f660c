import 'server-only';
import { asc, or, sql } from 'drizzle-orm';
import { db } from '@/lib/db/client';
import { AppError } from '@/lib/http/errors';
import { consumeRateLimit } from '@/lib/rate-limit';
import { userSearchSchema } from '@/lib/validation/users';
import { users } from '@/models';

export const SEARCH_MAX_RESULTS = 20;

export type UserSearchResult = { user_id: string; nickname: string; picture: string | null };

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Partial, case-insensitive match on nickname or name (trigram indexes serve the LIKE).
 * `searcher` is who is counted against the search limit: the user's id, or a visitor's IP.
 */
export async function searchUsers(text: string, searcher: string): Promise<UserSearchResult[]> {
  await consumeRateLimit('userSearch', searcher);
  const parsed = userSearchSchema.safeParse(text);
  if (!parsed.success) throw new AppError('bad_request', parsed.error.issues[0]!.message);
  const pattern = `%${escapeLike(parsed.data.toLowerCase())}%`;
  const rows = await db()
    .select({ user_id: users.id, nickname: users.nickname, name: users.name, picture: users.picture })
    .from(users)
    .where(or(sql`lower(${users.nickname}) like ${pattern}`, sql`lower(${users.name}) like ${pattern}`))
    .orderBy(asc(users.nickname), asc(users.id))
    .limit(SEARCH_MAX_RESULTS);
  return rows.map(({ user_id, nickname, name, picture }) => ({ user_id, nickname: nickname || name, picture }));
}
