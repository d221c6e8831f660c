import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { db } from '@/lib/db/client';
import { rows } from '@/lib/db/rows';
import { publicName } from '@/lib/domain/public-name';
import { SUGGEST_MIN_LENGTH } from '@/lib/validation/search-limits';
import { envolvements, users } from '@/models';
import { COUNT_CAP, publishedEnvolvement, searchTopIds } from './list';
import { searchQuery } from './search-query';

/** How many envolvements, and how many creators, the top bar suggests. */
export const SUGGESTIONS = 5;

export type Suggestions = {
  envolvements: Array<{ id: string; title: string; creator: { handle: string; name: string } }>;
  creators: Array<{ id: string; handle: string; name: string; picture: string | null }>;
};

const NONE: Suggestions = { envolvements: [], creators: [] };

/** The best envolvements of Explore's search for `text`, with their titles and creators. */
async function suggestEnvolvements(text: string): Promise<Suggestions['envolvements']> {
  const ids = await searchTopIds(text, SUGGESTIONS);
  if (ids.length === 0) return [];
  const found = await db()
    .select({ id: envolvements.id, title: envolvements.title, handle: users.nickname, name: users.name })
    .from(envolvements)
    .innerJoin(users, eq(users.id, envolvements.creatorId))
    // The ids may come from the cache: one unpublished since is left out.
    .where(and(inArray(envolvements.id, ids), publishedEnvolvement));
  const byId = new Map(found.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row
      ? [
          {
            id,
            title: row.title,
            creator: { handle: row.handle, name: publicName({ name: row.name, nickname: row.handle }) },
          },
        ]
      : [];
  });
}

/** Creators whose name or handle holds every word, by the same rules as the search of envolvements. */
async function suggestCreators(text: string): Promise<Suggestions['creators']> {
  const query = await searchQuery(text);
  if (!query) return [];
  const ids = await rows<{ id: string }>(
    sql`select id from creator_word_matches(${query}::tsquery, ${COUNT_CAP}, ${SUGGESTIONS})`,
  );
  if (ids.length === 0) return [];
  const found = await db()
    .select({ id: users.id, nickname: users.nickname, name: users.name, picture: users.picture })
    .from(users)
    .where(
      inArray(
        users.id,
        ids.map((row) => row.id),
      ),
    );
  const byId = new Map(found.map((row) => [row.id, row]));
  return ids.flatMap(({ id }) => {
    const row = byId.get(id);
    return row ? [{ id, handle: row.nickname, name: publicName(row), picture: row.picture }] : [];
  });
}

/**
 * What the top bar suggests for text being typed: the envolvements Explore's search ranks
 * first and the creators found by name or handle, published ones only. Text shorter than
 * SUGGEST_MIN_LENGTH suggests nothing. Read fresh, never kept per text in the shared cache
 * (every text typed would be an entry); the answer may be kept a moment by the browser.
 */
export async function suggest(text: string): Promise<Suggestions> {
  const typed = text.trim().toLowerCase();
  if ([...typed].length < SUGGEST_MIN_LENGTH) return NONE;
  const [found, creators] = await Promise.all([suggestEnvolvements(typed), suggestCreators(typed)]);
  return { envolvements: found, creators };
}
