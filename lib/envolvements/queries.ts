import 'server-only';
import { and, asc, desc, eq } from 'drizzle-orm';
import { CACHE_TAGS, cachedRead, envolvementTag } from '@/lib/cache';
import { db } from '@/lib/db/client';
import { userCardColumns } from '@/lib/users/columns';
import { envolvements, posts, purchases, users, type EnvolvementRow } from '@/models';
import { heldMembership, loadMemberships } from './membership';
import { mayReadActivity } from './rules';
import { toActivityPostDto, toEnvolvementDto } from './serialize';
import type { ActivityPostDto, EnvolvementDto, MembershipDto } from './types';

export async function getEnvolvementRow(id: string): Promise<EnvolvementRow | null> {
  const [row] = await db().select().from(envolvements).where(eq(envolvements.id, id)).limit(1);
  return row ?? null;
}

/** Whether the user has joined and holds a spot (checkout's 'already bought'). */
export async function hasPurchased(envolvementId: string, userId: string): Promise<boolean> {
  const [row] = await db()
    .select({ id: purchases.id })
    .from(purchases)
    .where(and(eq(purchases.envolvementId, envolvementId), eq(purchases.userId, userId), heldMembership))
    .limit(1);
  return Boolean(row);
}

/**
 * Updates (or every post) of an envolvement, newest first, with their authors: the Activity
 * tab opens on what happened last, as a feed does.
 */
export async function listPosts(envolvementId: string, kind?: 'update' | 'comment'): Promise<ActivityPostDto[]> {
  const rows = await db()
    .select({ post: posts, author: userCardColumns })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(and(eq(posts.envolvementId, envolvementId), kind ? eq(posts.kind, kind) : undefined))
    .orderBy(desc(posts.createdAt), desc(posts.id));
  return rows.map((r) => toActivityPostDto(r.post, r.author));
}

/** Buyer ids the viewer may see: every buyer for the creator, at most their own for others. */
async function visibleBuyerIds(row: EnvolvementRow, viewerId: string | null, membership: MembershipDto | null) {
  if (!viewerId) return [];
  if (viewerId !== row.creatorId) return membership && membership.endReason === null ? [viewerId] : [];
  const buyers = await db()
    .select({ userId: purchases.userId })
    .from(purchases)
    .where(and(eq(purchases.envolvementId, row.id), heldMembership))
    .orderBy(asc(purchases.createdAt));
  return buyers.map((b) => b.userId);
}

export type EnvolvementView = { envolvement: EnvolvementDto; mayReadActivity: boolean };

/**
 * The envolvement as `viewerId` may read it, or null when unknown: one read of the row,
 * one of the viewer's membership, and the posts only for those who may read them
 * (`posts: 'all'` adds the comments to the updates).
 */
export async function getEnvolvementView(
  id: string,
  viewerId: string | null,
  posts: 'updates' | 'all' = 'updates',
): Promise<EnvolvementView | null> {
  const [found] = await db()
    .select({ row: envolvements, creator: userCardColumns })
    .from(envolvements)
    .innerJoin(users, eq(users.id, envolvements.creatorId))
    .where(eq(envolvements.id, id))
    .limit(1);
  if (!found) return null;
  const membership = (await loadMemberships([id], viewerId)).get(id) ?? null;
  const readable = mayReadActivity(found.row.creatorId, viewerId, membership);
  const [buyers, activity] = await Promise.all([
    visibleBuyerIds(found.row, viewerId, membership),
    readable ? listPosts(id, posts === 'all' ? undefined : 'update') : [],
  ]);
  const envolvement = toEnvolvementDto(found.row, found.creator, {
    visibleBuyerIds: buyers,
    activityPost: activity,
    membership,
    // For those who may read its activity: its creator and members in good standing.
    ...(readable ? { welcomeMessage: found.row.welcomeMessage } : {}),
  });
  return { envolvement, mayReadActivity: readable };
}

/**
 * The envolvement as a visitor reads it, from the shared cache (its visitors' page is served
 * from the cache too); dropped with its own tag, which its every edit, publication,
 * unpublication and removal drops, and every spot taken or given back, and with the people
 * it shows when one of them changes their name or picture.
 */
export const publicEnvolvementView = cachedRead(
  (id: string) => getEnvolvementView(id, null),
  'envolvement-public-view',
  (id) => [envolvementTag(id), CACHE_TAGS.people],
);

/** The envolvement as `viewerId` may read it (updates only for its creator and members), or null. */
export async function getEnvolvementForViewer(id: string, viewerId: string | null): Promise<EnvolvementDto | null> {
  return (await getEnvolvementView(id, viewerId))?.envolvement ?? null;
}
