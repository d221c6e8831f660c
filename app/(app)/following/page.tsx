import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { nextPagePath } from '@/components/profile/next-page';
import { PagedGrid } from '@/components/profile/paged-grid';
import { buttonClasses } from '@/components/ui/button';
import { getViewer } from '@/lib/auth/viewer';
import { offerViewerOf } from '@/lib/envolvements/offer-viewer';
import { followingCount, listFollowingFeed } from '@/lib/follows/service';

export const metadata: Metadata = { title: 'Following', robots: { index: false } };

// The viewer's own feed: rendered for them on each request (it reads the session), never
// cached, and kept out of search engines.
export default async function FollowingPage() {
  const viewer = await getViewer();
  if (!viewer) redirect(`/login?callbackUrl=${encodeURIComponent('/following')}`);
  const [page, creators] = await Promise.all([listFollowingFeed(viewer.id), followingCount(viewer.id)]);
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold text-ink">Following</h1>
        <p className="text-sm text-slate-600">
          {creators === 0
            ? 'New envolvements from the creators you follow show up here, newest first.'
            : `The latest envolvements from the ${creators === 1 ? 'creator' : `${creators} creators`} you follow, newest first.`}
        </p>
      </div>
      {page.items.length ? (
        <PagedGrid
          initial={page.items}
          next={nextPagePath('/api/follows', page.nextCursor)}
          viewer={offerViewerOf(viewer.id)}
          priority
        />
      ) : (
        <div
          className="rounded-2xl border border-dashed border-slate-300 p-10 text-center"
          data-testid="following-empty"
        >
          <p className="font-semibold text-ink">
            {creators === 0 ? "You don't follow anyone yet." : 'Nothing new from the creators you follow yet.'}
          </p>
          <p className="mt-1 text-sm text-slate-600">
            Find creators you like on Explore and press Follow on their profile or envolvements.
          </p>
          <Link href="/explore" className={buttonClasses('primary', 'md', 'mt-5')}>
            Explore envolvements
          </Link>
        </div>
      )}
    </div>
  );
}
