import 'server-only';
import { users } from '@/models';

// The user columns pages and answers may carry, said once. The password hash and the
// session version never leave lib/users; the e-mail only to its owner.

/** Who wrote, created or joined something: a name and a face. */
export const userCardColumns = {
  id: users.id,
  nickname: users.nickname,
  name: users.name,
  picture: users.picture,
};

/** A profile page's user: the card and the banner. */
export const publicUserColumns = { ...userCardColumns, bannerUrl: users.bannerUrl };

/** The signed-in user's own account. */
export const accountColumns = { ...publicUserColumns, email: users.email };

export type UserCard = { id: string; nickname: string; name: string; picture: string | null };
export type PublicUser = UserCard & { bannerUrl: string | null };
export type AccountUser = PublicUser & { email: string | null };
