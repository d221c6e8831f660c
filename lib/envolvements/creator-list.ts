import 'server-only';
import { isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { cachedRead, userTags } from '@/lib/cache';
import { rows } from '@/lib/db/rows';
import { decodeCursor, pageWindow } from '@/lib/paging/cursor';
import type { CreatorSection } from '@/lib/validation/creator-list';
import { envolvements } from '@/models';
import { hasEndedSql, isPublishedSql } from './conditions';
import { bound, inOrder, PROFILE_PAGE_SIZE, type CardPage } from './list';
import { hasEnded } from './rules';
import type { OfferCardDto } from './types';

// A creator's envolvements on their profile: the active ones first, then those whose end date
// has passed under their own heading. A sold-out one stays active: a refund frees its spot.
// Each section is newest first and paged on its own with the same keyset cursor.

const e = alias(envolvements, 'e');

/** Both sections' first pages, as the profile shows them. */
export type CreatorLists = Record<CreatorSection, CardPage>;

/** How many other active envolvements an envolvement's page shows from its creator. */
const MORE_FROM_COUNT = 4;

type ListOptions = {
  now?: Date;
  /** How many: a page of the API unless told. */
  size?: number;
  /** The creator's own list, their drafts too: only when they ask it themselves. */
  drafts?: boolean;
};

/**
 * A page of one section of a creator's envolvements, newest first, as `viewerId` sees them
 * (a card shows its creator every buyer, anyone else at most themselves): the published
 * ones, or with `drafts` their own list, drafts too, when they ask themselves; never a
 * removed one.
 */
export async function listEnvolvementsByCreator(
  creatorId: string,
  viewerId: string | null,
  cursor: string | null = null,
  section: CreatorSection = 'active',
  { now = new Date(), size = PROFILE_PAGE_SIZE, drafts = false }: ListOptions = {},
): Promise<CardPage> {
  const after = cursor ? decodeCursor(cursor) : null;
  const { at, id } = bound(after);
  const shown = drafts && viewerId === creatorId ? isNull(e.archivedAt) : isPublishedSql(e);
  const ended = hasEndedSql(e, now);
  const found = await rows<{ id: string; created_at: Date | string }>(sql`
    select e.id, e.created_at from ${envolvements} e
    where e.creator_id = ${creatorId} and ${shown} and ${section === 'ended' ? ended : sql`not ${ended}`}
      and (e.created_at, e.id) < (${at}, ${id})
    order by e.created_at desc, e.id desc limit ${size + 1}`);
  const { rows: pageRows, nextCursor } = pageWindow(found, size, (row) => ({
    id: row.id,
    createdAt: new Date(row.created_at),
  }));
  return {
    items: await inOrder(
      pageRows.map((row) => row.id),
      viewerId,
    ),
    nextCursor,
  };
}

/** The first page of each section of a creator's own list, their drafts too, for them. */
export async function ownFirstPages(creatorId: string): Promise<CreatorLists> {
  const [active, ended] = await Promise.all([
    listEnvolvementsByCreator(creatorId, creatorId, null, 'active', { drafts: true }),
    listEnvolvementsByCreator(creatorId, creatorId, null, 'ended', { drafts: true }),
  ]);
  return { active, ended };
}

/**
 * What a public profile draws of each section on the server: the cards of its first screen
 * (a card weighs about 4.5 KB of HTML and RSC payload); 'Load more' reads the rest.
 */
const FIRST_SCREEN: Record<CreatorSection, number> = { active: 12, ended: 4 };

/**
 * A section's first screen as a visitor sees it, from the shared cache: their public profile
 * is served from the cache too, and every envolvement page's "More from" reads the active
 * one. Dropped with the creator's own tags, which their every change to an envolvement
 * (publishing, editing, unpublishing, removing) and to their name, picture or banner drops; an
 * end date passing moves a card to Ended within the cache's minute.
 */
export const publicCreatorFirstPage = cachedRead(
  (creatorId: string, section: CreatorSection) =>
    listEnvolvementsByCreator(creatorId, null, null, section, { size: FIRST_SCREEN[section] }),
  'creator-section-first-page',
  (creatorId) => userTags(creatorId),
);

/** Both sections' first pages as a visitor sees them, from the shared cache. */
export async function publicCreatorFirstPages(creatorId: string): Promise<CreatorLists> {
  const [active, ended] = await Promise.all([
    publicCreatorFirstPage(creatorId, 'active'),
    publicCreatorFirstPage(creatorId, 'ended'),
  ]);
  return { active, ended };
}

/**
 * Up to four of the creator's other published envolvements that have not ended, newest
 * first, for the foot of an envolvement's page. Taken from the cached first page of their
 * profile's active section, so a page served from the cache reads nothing more, and it
 * changes when that page does.
 */
export async function moreFromCreator(creatorId: string, envolvementId: string): Promise<OfferCardDto[]> {
  const { items } = await publicCreatorFirstPage(creatorId, 'active');
  // The cached page may be up to a minute old: one that ended since is left out.
  return items.filter((item) => item._id !== envolvementId && !hasEnded(item.endDate)).slice(0, MORE_FROM_COUNT);
}
