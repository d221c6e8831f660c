import 'server-only';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { cachedRead, invalidate, userTags } from '@/lib/cache';
import { db } from '@/lib/db/client';
import { HANDLE_PATTERN } from '@/lib/domain/accounts';
import { publicName } from '@/lib/domain/public-name';
import { AppError } from '@/lib/http/errors';
import { removeStoredImages } from '@/lib/storage/remove';
import { userRefSchema } from '@/lib/validation/users';
import { users } from '@/models';
import { publicUserColumns, type PublicUser } from './columns';

// A profile as public pages show it: never the e-mail (a page rendered for its owner takes
// theirs from the session), never a deleted account.

const profileColumns = { ...publicUserColumns, bio: users.bio, links: users.links, updatedAt: users.updatedAt };

export type ProfileUser = PublicUser & { bio: string | null; links: string[]; updatedAt: Date };

/**
 * A live user by `@handle` (their handle now, in any case), by their whole id
 * (`provider|subject`) or by the part after the '|'.
 */
export async function findUserByIdOrSlug(idOrSlug: string): Promise<ProfileUser | null> {
  const parsed = userRefSchema.safeParse(idOrSlug);
  if (!parsed.success) return null;
  const value = parsed.data;
  const handle = value.startsWith('@') ? value.slice(1) : null;
  if (handle !== null && !HANDLE_PATTERN.test(handle)) return null;
  const [user] = await db()
    .select(profileColumns)
    .from(users)
    .where(
      and(
        handle !== null
          ? eq(sql`lower(${users.nickname})`, handle.toLowerCase())
          : value.includes('|')
            ? eq(users.id, value)
            : or(eq(users.id, value), sql`split_part(${users.id}, '|', 2) = ${value}`),
        isNull(users.deletedAt),
      ),
    )
    .limit(1);
  return user ?? null;
}

/**
 * Sets the banner to a stored image's URL. The file of the banner it replaces is removed
 * once the new one is saved: a change that fails keeps it.
 */
export async function setBannerUrl(userId: string, bannerUrl: string): Promise<void> {
  const live = and(eq(users.id, userId), isNull(users.deletedAt));
  const [before] = await db().transaction(async (tx) => {
    // Locked, so two changes at once each remove the banner they replaced, not the same one.
    const found = await tx.select({ bannerUrl: users.bannerUrl }).from(users).where(live).for('update');
    if (found.length) await tx.update(users).set({ bannerUrl, updatedAt: new Date() }).where(live);
    return found;
  });
  if (!before) {
    // The account was deleted meanwhile: the file just stored would show nowhere, and stay.
    await removeStoredImages('banners', [bannerUrl]);
    throw new AppError('unauthorized', 'You must be signed in to do this.');
  }
  invalidate(...userTags(userId));
  if (before.bannerUrl !== bannerUrl) await removeStoredImages('banners', [before.bannerUrl]);
}

const cachedProfileUser = cachedRead(
  async (idOrSlug: string) => {
    const user = await findUserByIdOrSlug(idOrSlug);
    return user ? { ...user, updatedAt: user.updatedAt.toISOString() } : null;
  },
  'profile-user',
  (idOrSlug) => userTags(idOrSlug),
);

/**
 * A user as their public profile shows them, from the shared cache (the public profile is
 * served from the cache); dropped when they change their profile or banner.
 */
export async function findPublicProfileUser(idOrSlug: string): Promise<ProfileUser | null> {
  const user = await cachedProfileUser(idOrSlug);
  return user ? { ...user, updatedAt: new Date(user.updatedAt) } : null;
}

/** The spec's profile info shape; the name and e-mail as they are only for their owner. */
export function toProfileInfo(user: ProfileUser, viewer: { id: string; email: string | null } | null) {
  const own = viewer !== null && viewer.id === user.id;
  return {
    user_id: user.id,
    name: own ? user.name : publicName(user),
    nickname: user.nickname,
    ...(own ? { email: viewer.email } : {}),
    picture: user.picture,
    updated_at: user.updatedAt.toISOString(),
    identities: [{ user_id: user.id.includes('|') ? user.id.slice(user.id.indexOf('|') + 1) : user.id }],
    user_metadata: { banner_url: user.bannerUrl },
  };
}
