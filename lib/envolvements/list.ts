import 'server-only';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { db } from '@/lib/db/client';
import { rows } from '@/lib/db/rows';
import { MAX_PAGE_SIZE } from '@/lib/validation/explore';
import { userCardColumns } from '@/lib/users/columns';
import { AppError } from '@/lib/http/errors';
import { forbiddenCharactersMessage, hasForbiddenCharacters } from '@/lib/validation/text';
import { envolvementCategories, envolvements, purchases, users } from '@/models';
import { CACHE_TAGS, cachedRead } from '@/lib/cache';
import { CATEGORIES, type Category } from '@/lib/domain/categories';
import { isPublishedSql } from './conditions';
import { decodeCursor, encodeCursor, isAfter, pageWindow, type Position } from '@/lib/paging/cursor';
import { heldMembership, loadMemberships } from './membership';
import { searchQuery } from './search-query';
import { toOfferCardDto, type CardRow } from './serialize';
import type { OfferCardDto } from './types';

export const DEFAULT_PAGE_SIZE = 24;
/** Lists count up to this many and then say '1,000+': a count never reads more rows than that. */
export const COUNT_CAP = 1000;
/**
 * A search the planner expects in this many rows or more says '1,000+' without counting: its
 * words are among the most common, and the statistics that say so are close (within a few
 * percent on the benchmark's words), so a count would only confirm it at the price of a bitmap
 * of every match.
 */
const SURELY_CAPPED = 4 * COUNT_CAP;

export type ListQuery = {
  q?: string;
  categories?: Category[];
  limit?: number;
  cursor?: string | null;
  viewerId: string | null;
};

/**
 * A page of a list. The first page says how many there are, up to COUNT_CAP (`totalCapped`
 * when there are more); later pages leave the count out (`total: null`).
 */
export type EnvolvementPage = {
  items: OfferCardDto[];
  nextCursor: string | null;
  total: number | null;
  totalCapped: boolean;
};

// Public lists hold published envolvements only: a draft is its creator's until published,
// and a removed one leaves them for good.
export const publishedEnvolvement = isPublishedSql();
// The raw queries below call the table `e`; columns taken from this alias are written `e.…` too.
const e = alias(envolvements, 'e');
const listedHere = isPublishedSql(e);

const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

const TOP = { at: sql`'infinity'::timestamptz`, id: sql`'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid` };

/** The keyset bound after `after`, or above every row. */
export function bound(after: Position | null): { at: SQL; id: SQL } {
  if (!after) return TOP;
  // The cursor keeps milliseconds and PostgreSQL microseconds: rows made within that
  // millisecond would be skipped without the cursor row's exact time, read where it still exists.
  return {
    at: sql`coalesce((select c.created_at from ${envolvements} c where c.id = ${after.id}::uuid), ${after.createdAt.toISOString()}::timestamptz)`,
    id: sql`${after.id}::uuid`,
  };
}

type FoundRow = { id: string; created_at: Date | string; score?: number | string | null };

async function positions(query: SQL): Promise<Position[]> {
  const found = await rows<FoundRow>(query);
  return found.map((row) => ({
    id: row.id,
    createdAt: new Date(row.created_at),
    ...(row.score === undefined ? {} : { score: Number(row.score ?? 0) }),
  }));
}

/** The newest published envolvements after a position, in any of `categories` when given. */
function newest(categories: readonly Category[], after: Position | null, take: number): Promise<Position[]> {
  const { at, id } = bound(after);
  if (categories.length === 0) {
    return positions(sql`
      select e.id, e.created_at from ${envolvements} e
      where ${listedHere} and (e.created_at, e.id) < (${at}, ${id})
      order by e.created_at desc, e.id desc limit ${take}`);
  }
  // Each category's newest from its own index range, merged: the cost is the page, not the table.
  return positions(sql`
    select distinct x.envolvement_id as id, x.created_at from unnest(${textArray(categories)}) as c(category)
    cross join lateral (
      select ec.envolvement_id, ec.created_at from ${envolvementCategories} ec
      where ec.listed and ec.category = c.category and (ec.created_at, ec.envolvement_id) < (${at}, ${id})
      order by ec.created_at desc, ec.envolvement_id desc limit ${take}
    ) x
    order by x.created_at desc, id desc limit ${take}`);
}

type Count = { total: number; capped: boolean };

/**
 * How many published envolvements there are (in any of `categories`), reading at most
 * COUNT_CAP + 1 index entries per category, newest first.
 */
async function countListed(categories: readonly Category[]): Promise<Count> {
  const reach = COUNT_CAP + 1;
  const inner =
    categories.length === 0
      ? sql`select e.id from ${envolvements} e where ${listedHere}
            order by e.created_at desc, e.id desc limit ${reach}`
      : sql`select x.id from unnest(${textArray(categories)}) as c(category)
            cross join lateral (
              select ec.envolvement_id as id from ${envolvementCategories} ec
              where ec.listed and ec.category = c.category
              order by ec.created_at desc, ec.envolvement_id desc limit ${reach}
            ) x`;
  const [found] = await rows<{ n: number }>(sql`select count(distinct id)::int as n from (${inner}) t`);
  // One category at its reach already holds more than the cap; else every row was read.
  const n = found?.n ?? 0;
  return n > COUNT_CAP ? { total: COUNT_CAP, capped: true } : { total: n, capped: false };
}

// Public lists' first pages, counts and category rows are the same for everyone: they come
// from the shared cache until an envolvement is published, unpublished, edited or removed.
// The cards themselves (spots, prices, the viewer's membership) are read fresh by the grid's
// API; Explore's pages, which hold them too, are cached whole for up to a minute.
const firstPage = cachedRead(
  async (categories: Category[], take: number) =>
    (await newest(categories, null, take)).map((p) => ({ id: p.id, createdAt: p.createdAt.toISOString() })),
  'list-first-page',
  [CACHE_TAGS.lists],
);
const cachedCount = cachedRead((categories: Category[]) => countListed(categories), 'list-count', [CACHE_TAGS.lists]);
const categoryRows = cachedRead(
  async (perCategory: number) =>
    (
      await rows<{ id: string; category: string; created_at: Date }>(sql`
      select c.category, x.envolvement_id as id, x.created_at from unnest(${textArray(CATEGORIES)}) as c(category)
      cross join lateral (
        select ec.envolvement_id, ec.created_at from ${envolvementCategories} ec
        where ec.listed and ec.category = c.category
        order by ec.created_at desc, ec.envolvement_id desc limit ${perCategory}
      ) x`)
    ).map((row) => ({ id: row.id, category: row.category, createdAt: new Date(row.created_at).toISOString() })),
  'category-rows-v2',
  [CACHE_TAGS.lists],
);

type Window = { positions: Position[]; more: boolean; count: Count | null; ranked: boolean };

/**
 * A search by words (./search-query.ts says which match). The full-text index finds up to
 * COUNT_CAP + 1 matches; when that is all of them, they rank by where the words are (the
 * title, then the teaser and the creator, the categories, the description), then newest
 * first. A query found in more rows than that, or expected in far more, lists newest first
 * by walking the newest-first index, where the next page lies a few rows down.
 */
async function search(
  text: string,
  categories: readonly Category[],
  after: Position | null,
  take: number,
): Promise<Window> {
  const query = await searchQuery(text);
  // Text without a word (only punctuation) finds nothing.
  if (!query) return { positions: [], more: false, count: after ? null : { total: 0, capped: false }, ranked: false };
  const cats = categories.length ? textArray(categories) : sql`null::text[]`;
  const walk = async (count: Count | null): Promise<Window> => {
    const { at, id } = bound(after);
    const found = await positions(
      sql`select id, created_at from envolvement_word_newest(${query}::tsquery, ${cats}, ${at}, ${id}, ${take + 1})`,
    );
    return { positions: found.slice(0, take), more: found.length > take, count, ranked: false };
  };
  // A later page of a walk carries no score.
  if (after && after.score === undefined) return walk(null);
  if (!after && (await expectedMatches(query, cats)) >= SURELY_CAPPED) return walk({ total: COUNT_CAP, capped: true });
  const matches = await positions(
    sql`select id, created_at, score from envolvement_word_matches(${query}::tsquery, ${cats}, ${COUNT_CAP + 1})`,
  );
  if (matches.length > COUNT_CAP) return walk(after ? null : { total: COUNT_CAP, capped: true });
  const ordered = matches.sort((a, b) => (isAfter(a, b) ? 1 : isAfter(b, a) ? -1 : 0));
  const rest = after ? ordered.filter((p) => isAfter(p, after)) : ordered;
  return {
    positions: rest.slice(0, take),
    more: rest.length > take,
    count: after ? null : { total: matches.length, capped: false },
    ranked: true,
  };
}

/** How many rows the planner expects `query` to match: a plan from the statistics, no read. */
async function expectedMatches(query: string, cats: SQL): Promise<number> {
  const [found] = await rows<{ n: number | null }>(
    sql`select envolvement_word_estimate(${query}::tsquery, ${cats}) as n`,
  );
  return found?.n ?? 0;
}

// The search ignores case: "Portrait" and "portrait" are one search.
const searchKey = (text: string) => text.trim().toLowerCase();

/**
 * A search's first page. Not kept in the shared cache: every text a crawler or a script
 * invents would be an entry of its own. The search reads the indexes only, a few
 * milliseconds a query (docs/scaling.md).
 */
function firstSearchPage(text: string, categories: Category[], take: number): Promise<Window> {
  return search(text, categories, null, take);
}

/** The ids of a search's best `take` envolvements, as Explore ranks them. */
export async function searchTopIds(text: string, take: number): Promise<string[]> {
  const window = await firstSearchPage(searchKey(text), [], take);
  return window.positions.map((p) => p.id);
}

const cardColumns = {
  id: envolvements.id,
  creatorId: envolvements.creatorId,
  title: envolvements.title,
  previewText: envolvements.previewText,
  imgUrl: envolvements.imgUrl,
  categories: envolvements.categories,
  priceCents: envolvements.priceCents,
  currency: envolvements.currency,
  endDate: envolvements.endDate,
  quantity: envolvements.quantity,
  unlimited: envolvements.unlimited,
  currentCount: envolvements.currentCount,
  isActive: envolvements.isActive,
  archivedAt: envolvements.archivedAt,
} satisfies Record<keyof CardRow, unknown>;

/**
 * Buyer ids the viewer may see, read with the card: every held membership for the creator,
 * the viewer's own for anyone else, none for a visitor.
 */
function visibleBuyers(viewerId: string | null) {
  if (!viewerId) return sql<string[]>`'{}'::text[]`;
  return sql<string[]>`coalesce((
    select array_agg(${purchases.userId} order by ${purchases.createdAt}) from ${purchases}
    where ${purchases.envolvementId} = ${envolvements.id} and ${heldMembership}
      and (${purchases.userId} = ${viewerId} or ${envolvements.creatorId} = ${viewerId})
  ), '{}'::text[])`;
}

/** The envolvements with these ids, in this order, as the list's viewer sees them, in one query. */
export async function inOrder(
  ids: string[],
  viewerId: string | null,
  { listedOnly = false } = {},
): Promise<OfferCardDto[]> {
  if (ids.length === 0) return [];
  const found = await db()
    .select({ row: cardColumns, creator: userCardColumns, buyers: visibleBuyers(viewerId) })
    .from(envolvements)
    .innerJoin(users, eq(users.id, envolvements.creatorId))
    // A public list's ids may come from the cache: one unpublished since is left out.
    .where(listedOnly ? and(inArray(envolvements.id, ids), publishedEnvolvement) : inArray(envolvements.id, ids));
  const cards = new Map(
    found.map((f) => [f.row.id, toOfferCardDto(f.row, f.creator, { visibleBuyerIds: f.buyers ?? [] })]),
  );
  return ids.flatMap((id) => cards.get(id) ?? []);
}

/**
 * A page of published envolvements: newest first, or ranked when searching, filtered by
 * categories. Every query reads an index range the size of the page, or a capped bitmap.
 */
export async function listEnvolvements(query: ListQuery): Promise<EnvolvementPage> {
  // The API's schema refuses such text first; Explore's page passes its `q` straight here.
  if (query.q && hasForbiddenCharacters(query.q))
    throw new AppError('bad_request', forbiddenCharactersMessage('Search text'));
  const take = Math.min(Math.max(1, query.limit ?? DEFAULT_PAGE_SIZE), MAX_PAGE_SIZE);
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const categories = query.categories ?? [];
  const text = searchKey(query.q ?? '');
  let window: Window;
  if (text) {
    window = after ? await search(text, categories, after, take) : await firstSearchPage(text, [...categories], take);
  } else {
    const [found, count] = await Promise.all([
      after
        ? newest(categories, after, take + 1)
        : firstPage([...categories], take + 1).then((rows) =>
            rows.map((row) => ({ id: row.id, createdAt: new Date(row.createdAt) })),
          ),
      after ? null : cachedCount([...categories]),
    ]);
    window = { positions: found.slice(0, take), more: found.length > take, count, ranked: false };
  }
  const last = window.positions[window.positions.length - 1];
  return {
    items: await inOrder(
      window.positions.map((p) => p.id),
      query.viewerId,
      { listedOnly: true },
    ),
    nextCursor:
      window.more && last ? encodeCursor(window.ranked ? last : { createdAt: last.createdAt, id: last.id }) : null,
    total: window.count?.total ?? null,
    totalCapped: window.count?.capped ?? false,
  };
}

/**
 * A row of Explore's default view: the cards drawn with the page, and the rest of the row,
 * which the browser reads from `/api/post/pull?category=…&limit={more}` (after `cursor`, or
 * from the start when it is null) as the row is reached.
 */
export type CategoryRowPage = {
  category: Category;
  items: OfferCardDto[];
  /** How many cards of the row are not among `items`. */
  more: number;
  /** Where the rest starts: after the last drawn card, or null for the category's first. */
  cursor: string | null;
};

/**
 * Explore's default view: the newest `perCategory` of every category that has any, each
 * from its own index range. Only the first `drawn.rows` rows come with cards, `drawn.cards`
 * each; the page is the same for everyone and its weight is in its cards.
 */
export async function listEnvolvementsByCategory(
  viewerId: string | null,
  perCategory = 12,
  drawn: { rows: number; cards: number } = { rows: Infinity, cards: perCategory },
): Promise<CategoryRowPage[]> {
  const found = await categoryRows(perCategory);
  const groups = CATEGORIES.map((category) => ({
    category,
    positions: found.filter((p) => p.category === category),
  })).filter((group) => group.positions.length > 0);
  const shown = groups.map(({ positions }, row) => (row < drawn.rows ? positions.slice(0, drawn.cards) : []));
  const cards = await inOrder([...new Set(shown.flat().map((p) => p.id))], viewerId, { listedOnly: true });
  const dtos = new Map(cards.map((d) => [d._id, d]));
  return groups.map(({ category, positions }, row) => {
    const last = shown[row].at(-1);
    return {
      category,
      items: shown[row].flatMap((p) => dtos.get(p.id) ?? []),
      more: positions.length - shown[row].length,
      cursor: last ? encodeCursor({ createdAt: new Date(last.createdAt), id: last.id }) : null,
    };
  });
}

/** A page of a profile's list: 24 cards, and where the next page starts. */
export type CardPage = { items: OfferCardDto[]; nextCursor: string | null };
export const PROFILE_PAGE_SIZE = 24;

/**
 * What a user has joined or bought, by their latest membership of each, newest first, a page
 * at a time; ended memberships and removed envolvements included: the buyer keeps the record,
 * marked by its `membership`.
 */
export async function listPurchasedEnvolvements(userId: string, cursor: string | null = null): Promise<CardPage> {
  const after = cursor ? decodeCursor(cursor) : null;
  const at = after
    ? sql`coalesce((select q.created_at from ${purchases} q where q.id = ${after.id}::uuid), ${after.createdAt.toISOString()}::timestamptz)`
    : TOP.at;
  const id = after ? sql`${after.id}::uuid` : TOP.id;
  const found = await rows<{ id: string; created_at: Date | string; envolvement_id: string }>(sql`
    select p.id, p.created_at, p.envolvement_id from ${purchases} p
    where p.user_id = ${userId} and (p.created_at, p.id) < (${at}, ${id})
      and not exists (
        select 1 from ${purchases} later
        where later.user_id = p.user_id and later.envolvement_id = p.envolvement_id
          and (later.created_at, later.id) > (p.created_at, p.id)
      )
    order by p.created_at desc, p.id desc limit ${PROFILE_PAGE_SIZE + 1}`);
  const { rows: pageRows, nextCursor } = pageWindow(found, PROFILE_PAGE_SIZE, (row) => ({
    createdAt: new Date(row.created_at),
    id: row.id,
  }));
  const ids = pageRows.map((row) => row.envolvement_id);
  const [dtos, memberships] = await Promise.all([inOrder(ids, userId), loadMemberships(ids, userId)]);
  return {
    items: dtos.map((dto) => ({ ...dto, membership: memberships.get(dto._id) ?? null })),
    nextCursor,
  };
}
