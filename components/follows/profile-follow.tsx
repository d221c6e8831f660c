'use client';

import { usePagePart } from '@/components/layout/viewer-context';
import { Skeleton } from '@/components/ui/skeleton';
import { FOLLOW_BUTTON_WIDTH, FollowButton } from './follow-button';

/** 'N followers', shown to the creator alone. */
export function FollowerCount({ count }: { count: number }) {
  return (
    <p className="text-sm font-medium text-slate-700" data-testid="follower-count">
      {count === 1 ? '1 follower' : `${count.toLocaleString('en-US')} followers`}
    </p>
  );
}

/**
 * A public profile's follow row: its owner sees how many follow them, anyone else the Follow
 * button in the state the server gave for them. The row keeps its height while the viewer is
 * asked for, so nothing below it moves, and shows no state until the right one is known.
 */
export function ProfileFollow() {
  const part = usePagePart('profile');
  return (
    <div className="flex h-8 items-center" data-testid="profile-follow">
      {part === 'loading' ? (
        <Skeleton className={`h-8 ${FOLLOW_BUTTON_WIDTH} rounded-lg`} />
      ) : part === null ? null : part.isOwner ? (
        <FollowerCount count={part.followers ?? 0} />
      ) : (
        <FollowButton
          key={`${part.userId}-${part.following}`}
          creatorId={part.userId}
          following={part.following}
          signedIn={part.signedIn}
        />
      )}
    </div>
  );
}
