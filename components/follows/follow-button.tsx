'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useState } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { api, ApiError } from '@/lib/api-client';

type FollowButtonProps = {
  creatorId: string;
  /** Whether the viewer follows them, as the server said. */
  following: boolean;
  /** A visitor is taken to sign in, and back to this page. */
  signedIn: boolean;
};

/** The width every state of the button shares, so that following never moves what is beside it. */
export const FOLLOW_BUTTON_WIDTH = 'w-28';

/** Follow or unfollow a creator; for a visitor, a link to sign in first. */
export function FollowButton({ creatorId, following: initial, signedIn }: FollowButtonProps) {
  const pathname = usePathname();
  const [following, setFollowing] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (!signedIn) {
    return (
      <Link
        href={`/login?callbackUrl=${encodeURIComponent(pathname)}`}
        className={buttonClasses('primary', 'sm', FOLLOW_BUTTON_WIDTH)}
        data-testid="follow-button"
      >
        Follow
      </Link>
    );
  }

  async function toggle() {
    setBusy(true);
    setError(null);
    try {
      const state = await api<{ following: boolean }>(`/api/follows/${encodeURIComponent(creatorId)}`, {
        method: following ? 'DELETE' : 'PUT',
      });
      setFollowing(state.following);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : 'Something went wrong. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        aria-pressed={following}
        disabled={busy}
        onClick={() => void toggle()}
        className={buttonClasses(following ? 'secondary' : 'primary', 'sm', FOLLOW_BUTTON_WIDTH)}
        data-testid="follow-button"
      >
        {following ? 'Following' : 'Follow'}
      </button>
      {error && (
        <span role="alert" className="text-xs text-red-700">
          {error}
        </span>
      )}
    </span>
  );
}
