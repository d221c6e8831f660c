'use client';

import { usePagePart } from '@/components/layout/viewer-context';
import { Skeleton } from '@/components/ui/skeleton';
import { FOLLOW_BUTTON_WIDTH, FollowButton } from './follow-button';

/**
 * Follow beside an envolvement's creator, for anyone but the creator: its place is held while
 * the viewer is asked for, in a row as tall as the creator's picture, so nothing moves.
 */
export function CreatorFollow() {
  const part = usePagePart('envolvement');
  if (part === 'loading') return <Skeleton className={`h-8 ${FOLLOW_BUTTON_WIDTH} rounded-lg`} />;
  if (!part?.follow) return null;
  return (
    <FollowButton
      key={`${part.follow.creatorId}-${part.follow.following}`}
      creatorId={part.follow.creatorId}
      following={part.follow.following}
      signedIn={part.signedIn}
    />
  );
}
