import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getProfileCounts } from '@/lib/creator/profile-counts';
import { db } from '@/lib/db/client';
import { isPublishedSql } from '@/lib/envolvements/conditions';
import type { ProfileCounts } from '@/lib/domain/profile-counts';
import { publicName } from '@/lib/domain/public-name';
import { storedImageDataUrl } from '@/lib/storage/image-data-url';
import { findUserByIdOrSlug } from '@/lib/users/profile';
import { envolvements, users } from '@/models';
import { cardFacts } from './card-facts';

// What the Open Graph images show: only what a visitor may read on the page, so a draft
// or a removed envolvement has no image (its page is not public either).

const published = isPublishedSql();

export type EnvolvementCard = {
  title: string;
  previewText: string;
  category: string | null;
  creator: string;
  facts: string[];
};

export async function getEnvolvementCard(id: string): Promise<EnvolvementCard | null> {
  const [row] = await db()
    .select({
      title: envolvements.title,
      previewText: envolvements.previewText,
      categories: envolvements.categories,
      priceCents: envolvements.priceCents,
      currency: envolvements.currency,
      quantity: envolvements.quantity,
      unlimited: envolvements.unlimited,
      currentCount: envolvements.currentCount,
      endDate: envolvements.endDate,
      nickname: users.nickname,
      name: users.name,
    })
    .from(envolvements)
    .innerJoin(users, eq(users.id, envolvements.creatorId))
    .where(and(eq(envolvements.id, id), published))
    .limit(1);
  if (!row) return null;
  return {
    title: row.title,
    previewText: row.previewText,
    category: row.categories[0] ?? null,
    creator: publicName(row),
    facts: cardFacts(row),
  };
}

export type ProfileCard = {
  name: string;
  handle: string;
  bio: string | null;
  /** The picture as a data: URL, or null to draw none. */
  picture: string | null;
  counts: ProfileCounts;
};

export async function getProfileCard(idOrSlug: string): Promise<ProfileCard | null> {
  const user = await findUserByIdOrSlug(idOrSlug);
  if (!user) return null;
  const [counts, picture] = await Promise.all([getProfileCounts(user.id), storedImageDataUrl(user.picture)]);
  return { name: publicName(user), handle: user.nickname, bio: user.bio, picture, counts };
}
