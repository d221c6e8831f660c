import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import { db } from '@/lib/db/client';
import { userCardColumns } from '@/lib/users/columns';
import { envolvements, posts, purchases, users, type EnvolvementRow } from '@/models';
import { heldMembership, liveMembership, loadMemberships } from './membership';
import { toActivityPostDto, toEnvolvementDto } from './serialize';
import type { EnvolvementDto } from './types';

export async function getEnvolvementRow(id: string): Promise<EnvolvementRow | null> {
  const [row] = await db().select().from(envolvements).where(eq(envolvements.id, id)).limit(1);
  return row ?? null;
}

async function hasMembership(
  envolvementId: string,
  userId: string,
  condition: typeof heldMembership,
): Promise<boolean> {
  const [row] = await db()
    .select({ id: purchases.id })
    .from(purchases)
    .where(and(eq(purchases.envolvementId, envolvementId), eq(purchases.userId, userId), condition))
    .limit(1);
  return Boolean(row);
}

/** Whether the user has joined and holds a spot (checkout's 'already bought'). */
export function hasPurchased(envolvementId: string, userId: string): Promise<boolean> {
  return hasMembership(envolvementId, userId, heldMembership);
}

/** Whether the user's membership opens the content now. */
export function hasLiveMembership(envolvementId: string, userId: string): Promise<boolean> {
  return hasMembership(envolvementId, userId, liveMembership);
}

/** Buyer ids the viewer may see: every buyer for the creator, at most their own for others. */
async function visibleBuyerIds(row: EnvolvementRow, viewerId: string | null): Promise<string[]> {
  if (!viewerId) return [];
  if (viewerId === row.creatorId) {
    const buyers = await db()
      .select({ userId: purchases.userId })
      .from(purchases)
      .where(and(eq(purchases.envolvementId, row.id), heldMembership))
      .orderBy(asc(purchases.createdAt));
    return buyers.map((b) => b.userId);
  }
  return (await hasPurchased(row.id, viewerId)) ? [viewerId] : [];
}

/** The envolvement as `viewerId` may read it, with its updates, or null when unknown. */
export async function getEnvolvementForViewer(id: string, viewerId: string | null): Promise<EnvolvementDto | null> {
  const [found] = await db()
    .select({ row: envolvements, creator: userCardColumns })
    .from(envolvements)
    .innerJoin(users, eq(users.id, envolvements.creatorId))
    .where(eq(envolvements.id, id))
    .limit(1);
  if (!found) return null;
  const [buyers, memberships, updates] = await Promise.all([
    visibleBuyerIds(found.row, viewerId),
    loadMemberships([id], viewerId),
    db()
      .select({ post: posts, author: userCardColumns })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.authorId))
      .where(and(eq(posts.envolvementId, id), eq(posts.kind, 'update')))
      .orderBy(asc(posts.createdAt)),
  ]);
  return toEnvolvementDto(found.row, found.creator, {
    visibleBuyerIds: buyers,
    activityPost: updates.map((u) => toActivityPostDto(u.post, u.author)),
    membership: memberships.get(id) ?? null,
  });
}
