import 'server-only';
import { eq, or, sql } from 'drizzle-orm';
import { cachedRead, invalidate, userTags } from '@/lib/cache';
import { db } from '@/lib/db/client';
import { userRefSchema } from '@/lib/validation/users';
import { users } from '@/models';
import { accountColumns, type AccountUser } from './columns';

const profileColumns = { ...accountColumns, updatedAt: users.updatedAt };

export type ProfileUser = AccountUser & { updatedAt: Date };

/** A user by their whole id (`provider|subject`) or by the part after the '|'. */
export async function findUserByIdOrSlug(idOrSlug: string): Promise<ProfileUser | null> {
  const parsed = userRefSchema.safeParse(idOrSlug);
  if (!parsed.success) return null;
  const value = parsed.data;
  const [user] = await db()
    .select(profileColumns)
    .from(users)
    .where(
      value.includes('|')
        ? eq(users.id, value)
        : or(eq(users.id, value), sql`split_part(${users.id}, '|', 2) = ${value}`),
    )
    .limit(1);
  return user ?? null;
}

export async function setBannerUrl(userId: string, bannerUrl: string): Promise<void> {
  await db().update(users).set({ bannerUrl, updatedAt: new Date() }).where(eq(users.id, userId));
  invalidate(...userTags(userId));
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
 * served from the cache); dropped when their banner changes or a sign-in refreshes them.
 */
export async function findPublicProfileUser(idOrSlug: string): Promise<ProfileUser | null> {
  const user = await cachedProfileUser(idOrSlug);
  return user ? { ...user, updatedAt: new Date(user.updatedAt) } : null;
}

/** The spec's profile info shape; the e-mail only for its owner. */
export function toProfileInfo(user: ProfileUser, viewerId: string | null) {
  return {
    user_id: user.id,
    name: user.name,
    nickname: user.nickname,
    ...(viewerId === user.id ? { email: user.email } : {}),
    picture: user.picture,
    updated_at: user.updatedAt.toISOString(),
    identities: [{ user_id: user.id.includes('|') ? user.id.slice(user.id.indexOf('|') + 1) : user.id }],
    user_metadata: { banner_url: user.bannerUrl },
  };
}
