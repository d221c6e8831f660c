import 'server-only';
import { and, arrayOverlaps, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { db } from '@/lib/db/client';
import { containsPattern } from '@/lib/db/like';
import { MAX_PAGE_SIZE } from '@/lib/validation/explore';
import { isUuid } from '@/lib/validation/ids';
import { userCardColumns } from '@/lib/users/columns';
import { AppError } from '@/lib/http/errors';
import { isStorableDate } from '@/lib/validation/envolvement';
import { forbiddenCharactersMessage, hasForbiddenCharacters } from '@/lib/validation/text';
import { envolvements, purchases, users, type EnvolvementRow } from '@/models';
import { CATEGORIES, type Category } from '@/lib/domain/categories';
import { heldMembership, loadMemberships } from './membership';
import { toEnvolvementDto } from './serialize';
import type { EnvolvementDto } from './types';

export const DEFAULT_PAGE_SIZE = 24;

export type ListQuery = {
  q?: string;
  categories?: Category[];
  limit?: number;
  cursor?: string | null;
  viewerId: string | null;
};

export type EnvolvementPage = { items: EnvolvementDto[]; nextCursor: string | null; total: number };

// Keyset pagination on (created_at, id): stable under inserts, each row once.
export function encodeCursor(row: { createdAt: Date; id: string }): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');
}

// A cursor comes back from the client: its id goes into a uuid cast and its time into a
// timestamptz, so anything PostgreSQL would refuse is refused here as a bad cursor.
export function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at ?? '');
  if (!isUuid(id) || !isStorableDate(createdAt)) {
    throw new AppError('bad_request', 'Invalid cursor');
  }
  return { createdAt, id };
}

// Public lists hold published envolvements only: a draft is its creator's until published,
// and a removed one leaves them for good.
const kept = isNull(envolvements.archivedAt);
export const publishedEnvolvement = and(kept, eq(envolvements.isActive, true))!;
const listed = publishedEnvolvement;

function filters(query: Pick<ListQuery, 'q' | 'categories'>): SQL {
  const conditions: SQL[] = [listed];
  const q = query.q?.trim().toLowerCase();
  if (q) {
    const pattern = containsPattern(q);
    conditions.push(
      or(sql`lower(${envolvements.title}) like ${pattern}`, sql`lower(${envolvements.description}) like ${pattern}`)!,
    );
  }
  if (query.categories?.length) conditions.push(arrayOverlaps(envolvements.categories, query.categories));
  return and(...conditions)!;
}

/** Buyer ids each viewer may see, for many envolvements in one query. */
async function visibleBuyers(rows: EnvolvementRow[], viewerId: string | null): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>();
  if (!viewerId || rows.length === 0) return map;
  const own = rows.filter((r) => r.creatorId === viewerId).map((r) => r.id);
  const ids = rows.map((r) => r.id);
  const found = await db()
    .select({ envolvementId: purchases.envolvementId, userId: purchases.userId })
    .from(purchases)
    .where(
      and(
        inArray(purchases.envolvementId, ids),
        heldMembership,
        own.length
          ? or(eq(purchases.userId, viewerId), inArray(purchases.envolvementId, own))
          : eq(purchases.userId, viewerId),
      ),
    )
    .orderBy(purchases.createdAt);
  for (const row of found) map.set(row.envolvementId, [...(map.get(row.envolvementId) ?? []), row.userId]);
  return map;
}

async function toDtos(
  found: Array<{
    row: EnvolvementRow;
    creator: { id: string; nickname: string; name: string; picture: string | null };
  }>,
  viewerId: string | null,
): Promise<EnvolvementDto[]> {
  const buyers = await visibleBuyers(
    found.map((f) => f.row),
    viewerId,
  );
  return found.map((f) => toEnvolvementDto(f.row, f.creator, { visibleBuyerIds: buyers.get(f.row.id) ?? [] }));
}

/** A page of envolvements, newest first, filtered in SQL. */
export async function listEnvolvements(query: ListQuery): Promise<EnvolvementPage> {
  // The API's schema refuses such text first; Explore's page passes its `q` straight here.
  if (query.q && hasForbiddenCharacters(query.q))
    throw new AppError('bad_request', forbiddenCharactersMessage('Search text'));
  const limit = Math.min(Math.max(1, query.limit ?? DEFAULT_PAGE_SIZE), MAX_PAGE_SIZE);
  const where = filters(query);
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const pageWhere = after
    ? and(
        where,
        // The cursor row's own timestamp where it still exists: the cursor keeps milliseconds
        // and PostgreSQL microseconds, so rows made within that millisecond would be skipped.
        sql`(${envolvements.createdAt}, ${envolvements.id}) < (coalesce((select c.created_at from ${envolvements} c where c.id = ${after.id}::uuid), ${after.createdAt.toISOString()}::timestamptz), ${after.id}::uuid)`,
      )
    : where;
  const [found, [totalRow]] = await Promise.all([
    db()
      .select({ row: envolvements, creator: userCardColumns })
      .from(envolvements)
      .innerJoin(users, eq(users.id, envolvements.creatorId))
      .where(pageWhere)
      .orderBy(desc(envolvements.createdAt), desc(envolvements.id))
      .limit(limit + 1),
    db().select({ n: count() }).from(envolvements).where(where),
  ]);
  const page = found.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: await toDtos(page, query.viewerId),
    nextCursor: found.length > limit && last ? encodeCursor(last.row) : null,
    total: Number(totalRow?.n ?? 0),
  };
}

/** Explore's default view: the newest few of every category that has any. */
export async function listEnvolvementsByCategory(
  viewerId: string | null,
  perCategory = 12,
): Promise<Array<{ category: Category; items: EnvolvementDto[] }>> {
  // Rank rows within each of their categories in SQL and keep the first few of each.
  const ranked = (await db().execute(sql`
    select t.id, t.category from (
      select e.id, c.category,
             row_number() over (partition by c.category order by e.created_at desc, e.id desc) as rank
      from ${envolvements} e cross join lateral unnest(e.categories) as c(category)
      where e.archived_at is null and e.is_active
    ) t
    where t.rank <= ${perCategory}`)) as unknown as { rows: Array<{ id: string; category: string }> };
  // Both drivers answer raw queries with `rows`.
  const pairs = ranked.rows;
  if (pairs.length === 0) return [];
  const found = await db()
    .select({ row: envolvements, creator: userCardColumns })
    .from(envolvements)
    .innerJoin(users, eq(users.id, envolvements.creatorId))
    .where(inArray(envolvements.id, [...new Set(pairs.map((p) => p.id))]))
    .orderBy(desc(envolvements.createdAt), desc(envolvements.id));
  const dtos = new Map((await toDtos(found, viewerId)).map((dto) => [dto._id, dto]));
  const ordered = [...dtos.values()];
  return CATEGORIES.map((category) => ({
    category,
    items: ordered.filter((dto) => pairs.some((p) => p.id === dto._id && p.category === category)),
  })).filter((group) => group.items.length > 0);
}

/** Everything a creator has published, newest first; their drafts too when they ask. */
export async function listEnvolvementsByCreator(creatorId: string, viewerId: string | null): Promise<EnvolvementDto[]> {
  const found = await db()
    .select({ row: envolvements, creator: userCardColumns })
    .from(envolvements)
    .innerJoin(users, eq(users.id, envolvements.creatorId))
    .where(and(eq(envolvements.creatorId, creatorId), viewerId === creatorId ? kept : listed))
    .orderBy(desc(envolvements.createdAt), desc(envolvements.id));
  return toDtos(found, viewerId);
}

/**
 * What a user has joined or bought, newest first, ended memberships and removed
 * envolvements included: the buyer keeps the record, marked by its `membership`.
 */
export async function listPurchasedEnvolvements(userId: string): Promise<EnvolvementDto[]> {
  const found = await db()
    .selectDistinctOn([purchases.envolvementId], {
      row: envolvements,
      creator: userCardColumns,
      joinedAt: purchases.createdAt,
    })
    .from(purchases)
    .innerJoin(envolvements, eq(envolvements.id, purchases.envolvementId))
    .innerJoin(users, eq(users.id, envolvements.creatorId))
    .where(eq(purchases.userId, userId))
    .orderBy(purchases.envolvementId, desc(purchases.createdAt));
  found.sort((a, b) => b.joinedAt.getTime() - a.joinedAt.getTime());
  const [dtos, memberships] = await Promise.all([
    toDtos(found, userId),
    loadMemberships(
      found.map((f) => f.row.id),
      userId,
    ),
  ]);
  return dtos.map((dto) => ({ ...dto, membership: memberships.get(dto._id) ?? null }));
}
