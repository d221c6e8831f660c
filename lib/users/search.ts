import 'server-only';
import { and, asc, isNull, or, sql } from 'drizzle-orm';
import { db } from '@/lib/db/client';
import { containsPattern } from '@/lib/db/like';
import { publicName } from '@/lib/domain/public-name';
import { userCardColumns } from './columns';
import { containsEmailAddressSql } from './public-name-sql';
import { users } from '@/models';

export const SEARCH_MAX_RESULTS = 20;

/** The spec's fields (`nickname` is the handle), and the name pages show beside it. */
export type UserSearchResult = { user_id: string; nickname: string; name: string; picture: string | null };

/**
 * Partial, case-insensitive match on handle or name (trigram indexes serve the LIKE), for
 * a text `userSearchSchema` accepted. Deleted accounts are not found, and a name that holds
 * an e-mail address is not searched: finding someone by a piece of their address would
 * tell it.
 */
export async function searchUsers(text: string): Promise<UserSearchResult[]> {
  const pattern = containsPattern(text.toLowerCase());
  const rows = await db()
    .select(userCardColumns)
    .from(users)
    .where(
      and(
        isNull(users.deletedAt),
        or(
          sql`lower(${users.nickname}) like ${pattern}`,
          and(sql`lower(${users.name}) like ${pattern}`, sql`not ${containsEmailAddressSql(users.name)}`),
        ),
      ),
    )
    .orderBy(asc(users.nickname), asc(users.id))
    .limit(SEARCH_MAX_RESULTS);
  return rows.map((row) => ({ user_id: row.id, nickname: row.nickname, name: publicName(row), picture: row.picture }));
}
