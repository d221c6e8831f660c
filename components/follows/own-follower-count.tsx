import { followerCount } from '@/lib/follows/service';
import { FollowerCount } from './profile-follow';

/** How many follow the signed-in creator, on their own profile page, rendered for them. */
export async function OwnFollowerCount({ userId }: { userId: string }) {
  return <FollowerCount count={await followerCount(userId)} />;
}
