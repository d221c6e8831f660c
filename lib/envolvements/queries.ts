import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import { db } from '@/lib/db/client';
import { envolvements, posts, purchases, users, type EnvolvementRow } from '@/models';
import { toActivityPostDto, toEnvolvementDto } from './serialize';
import type { EnvolvementDto } from './types';

const creatorColumns = { id: users.id, nickname: users.nickname, name: users.name, picture: users.picture };

export async function getEnvolvementRow(id: string): Promise<EnvolvementRow | null> {
  const [row] = await db().select().from(envolvements).where(eq(envolvements.id, id)).limit(1);
  return row ?? null;
}

export async function hasPurchased(envolvementId: string, userId: string): Promise<boolean> {
  const [row] = await db()
    .select({ id: purchases.id })
    .from(purchases)
    .where(and(eq(purchases.envolvementId, envolvementId), eq(purchases.userId, userId)))
    .limit(1);
  return Boolean(row);
}

/** Buyer ids the viewer may see: every buyer for the creator, at most their own for others. */
async function visibleBuyerIds(row: EnvolvementRow, viewerId: string | null): Promise<string[]> {
  if (!viewerId) return [];
  if (viewerId === row.creatorId) {
    const buyers = await db()
      .select({ userId: purchases.userId })
      .from(purchases)
      .where(eq(purchases.envolvementId, row.id))
      .orderBy(asc(purchases.createdAt));
    return buyers.map((b) => b.userId);
  }
  return (await hasPurchased(row.id, viewerId)) ? [viewerId] : [];
}

/** The envolvement as `viewerId` may read it, with its updates, or null when unknown. */
export async function getEnvolvementForViewer(id: string, viewerId: string | null): Promise<EnvolvementDto | null> {
  const [found] = await db()
    .select({ row: envolvements, creator: creatorColumns })
    .from(envolvements)
    .innerJoin(users, eq(users.id, envolvements.creatorId))
    .where(eq(envolvements.id, id))
    .limit(1);
  if (!found) return null;
  const [buyers, updates] = await Promise.all([
    visibleBuyerIds(found.row, viewerId),
    db()
      .select({ post: posts, author: creatorColumns })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.authorId))
      .where(and(eq(posts.envolvementId, id), eq(posts.kind, 'update')))
      .orderBy(asc(posts.createdAt)),
  ]);
  return toEnvolvementDto(
    found.row,
    found.creator,
    buyers,
    updates.map((u) => toActivityPostDto(u.post, u.author)),
  );
}
