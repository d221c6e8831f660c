import 'server-only';
import { and, count, countDistinct, eq, isNull, ne, sql } from 'drizzle-orm';
import { cachedRead, userTags } from '@/lib/cache';
import { db } from '@/lib/db/client';
import type { ProfileCounts } from '@/lib/domain/profile-counts';
import { isPublishedSql } from '@/lib/envolvements/conditions';
import { envolvements, purchases } from '@/models';

// What a creator's profile counts, for the profile pages, their JSON-LD and share picture.

/**
 * How many people hold a spot in the creator's envolvements (each person once, however many
 * they joined; a refunded membership no longer counts, nor does one in a removed envolvement),
 * and how many of their envolvements are published.
 */
export async function getProfileCounts(userId: string): Promise<ProfileCounts> {
  // Both read the creator's index alone (its rows carry what decides whether each counts),
  // and members one probe per envolvement into the index of held memberships: a prolific
  // creator's profile costs index entries, not rows.
  const theirs = db()
    .select({ id: envolvements.id })
    .from(envolvements)
    .where(and(eq(envolvements.creatorId, userId), isNull(envolvements.archivedAt)));
  const [[members], [published]] = await Promise.all([
    db()
      .select({ n: countDistinct(purchases.userId) })
      .from(purchases)
      .where(
        and(
          sql`${purchases.envolvementId} = any(array(${theirs}))`,
          isNull(purchases.endedAt),
          ne(purchases.userId, userId),
        ),
      ),
    db()
      .select({ n: count() })
      .from(envolvements)
      .where(and(eq(envolvements.creatorId, userId), isPublishedSql())),
  ]);
  return { members: members?.n ?? 0, envolvements: published?.n ?? 0 };
}

/**
 * A profile's counts from the shared cache, like its page: dropped with the user's own tags,
 * which an envolvement of theirs published or removed drops too; a join or a refund shows
 * within a minute, as the spot counts on the page's cards do.
 */
export const publicProfileCounts = cachedRead(
  (userId: string) => getProfileCounts(userId),
  'profile-counts',
  (userId) => userTags(userId),
);
