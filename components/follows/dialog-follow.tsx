'use client';

import { useEffect, useState } from 'react';
import { api } from '@/lib/api-client';
import { isDeletedUserId } from '@/lib/domain/deleted-member';
import { FOLLOW_BUTTON_WIDTH, FollowButton } from './follow-button';

type DialogFollowProps = {
  creatorId: string;
  viewerId: string | null;
  /** Who is signed in is not known yet. */
  pending: boolean;
};

/**
 * Follow beside the creator in the offer dialog: a list of cards carries no viewer's state, so
 * a signed-in viewer's is asked for when the dialog opens, its place held meanwhile. Nothing
 * for the creator themselves or a deleted account; a visitor's leads to sign-in.
 */
export function DialogFollow({ creatorId, viewerId, pending }: DialogFollowProps) {
  const [following, setFollowing] = useState<boolean | null>(null);
  const mayFollow = !isDeletedUserId(creatorId) && viewerId !== creatorId;
  const asks = mayFollow && !pending && viewerId !== null;

  useEffect(() => {
    if (!asks) return;
    const controller = new AbortController();
    api<{ following: boolean }>(`/api/follows/${encodeURIComponent(creatorId)}`, { signal: controller.signal })
      .then((state) => setFollowing(state.following))
      // Offline or refused: no button rather than a wrong one.
      .catch(() => undefined);
    return () => controller.abort();
  }, [asks, creatorId]);

  if (!mayFollow) return null;
  if (pending || (asks && following === null)) {
    // A span, as it sits in the dialog's line of text.
    return (
      <span aria-hidden className={`inline-block h-8 ${FOLLOW_BUTTON_WIDTH} animate-pulse rounded-lg bg-slate-200`} />
    );
  }
  return <FollowButton creatorId={creatorId} following={following ?? false} signedIn={viewerId !== null} />;
}
