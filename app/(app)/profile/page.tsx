import type { Metadata } from 'next';
import Link from 'next/link';
import { Suspense } from 'react';
import { CreatorSections } from '@/components/profile/creator-envolvements';
import { nextPagePath } from '@/components/profile/next-page';
import { PagedGrid } from '@/components/profile/paged-grid';
import { ProfileHeader } from '@/components/profile/profile-header';
import { ProfileSkeleton } from '@/components/profile/profile-skeleton';
import { SignOutButton } from '@/components/profile/sign-out-button';
import { buttonClasses } from '@/components/ui/button';
import { UnderlineTabs } from '@/components/ui/tabs';
import { PageNotice } from '@/components/ui/notice';
import type { Viewer } from '@/lib/auth/types';
import { getViewer } from '@/lib/auth/viewer';
import { getProfileCounts } from '@/lib/creator/profile-counts';
import { ownFirstPages } from '@/lib/envolvements/creator-list';
import { listPurchasedEnvolvements } from '@/lib/envolvements/list';
import { offerViewerOf } from '@/lib/envolvements/offer-viewer';
import { findUserByIdOrSlug } from '@/lib/users/profile';

export const metadata: Metadata = { title: 'Your profile', robots: { index: false } };

// The skeleton is a Suspense fallback here rather than a loading.tsx, which would also
// wrap /profile/{userId} and make an unknown user's page answer 200 instead of 404.
/** What the profile confirms after the creator deleted an envolvement from its page. */
const DELETED_NOTES: Record<string, string> = {
  deleted: 'Your envolvement was deleted.',
  archived: 'Your envolvement was removed. Its members keep it in their purchases, and paid members are refunded.',
};

type OwnProfileProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function OwnProfilePage({ searchParams }: OwnProfileProps) {
  const [viewer, { deleted }] = await Promise.all([getViewer(), searchParams]);
  const note = typeof deleted === 'string' ? (DELETED_NOTES[deleted] ?? null) : null;
  if (!viewer) {
    return (
      <PageNotice
        heading={false}
        title="No profile found... Would you like to Sign in?"
        action={{ href: '/login?callbackUrl=/profile', label: 'Sign in' }}
      />
    );
  }
  return (
    <>
      {note && (
        <div className="mx-auto max-w-6xl px-4 pt-6 sm:px-6">
          <p role="status" className="rounded-xl bg-green-50 px-4 py-3 text-sm font-medium text-green-800">
            {note}
          </p>
        </div>
      )}
      <Suspense fallback={<ProfileSkeleton />}>
        <OwnProfile viewer={viewer} />
      </Suspense>
    </>
  );
}

// The session's own fields, for the instant between an account's deletion and its sign-out.
const withoutProfile = (viewer: Viewer) => ({ ...viewer, bannerUrl: null, bio: null, links: [] });

async function OwnProfile({ viewer }: { viewer: Viewer }) {
  const [user, counts, mine, purchased] = await Promise.all([
    findUserByIdOrSlug(viewer.id),
    getProfileCounts(viewer.id),
    ownFirstPages(viewer.id),
    listPurchasedEnvolvements(viewer.id),
  ]);
  const offerViewer = offerViewerOf(viewer.id);
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <ProfileHeader user={user ?? withoutProfile(viewer)} counts={counts} email={viewer.email} editable="own">
        <SignOutButton />
      </ProfileHeader>
      <UnderlineTabs
        label="Your envolvements"
        className="mt-8"
        items={[
          {
            value: 'my',
            label: 'My Envolvements',
            content: (
              <CreatorSections
                creatorId={viewer.id}
                viewerId={viewer.id}
                lists={mine}
                mode="dialog"
                mine
                empty={
                  <div className="rounded-2xl border border-dashed border-slate-300 p-10 text-center">
                    <p className="text-slate-700">You have no Envolvements. Would you like to add some?</p>
                    <Link href="/create" className={buttonClasses('primary', 'md', 'mt-4')}>
                      Create
                    </Link>
                  </div>
                }
                noneActive="You have no active Envolvements."
              />
            ),
          },
          {
            value: 'purchased',
            label: 'Purchased Envolvements',
            content: purchased.items.length ? (
              <PagedGrid
                initial={purchased.items}
                next={nextPagePath('/api/purchases', purchased.nextCursor)}
                viewer={offerViewer}
                receipts
              />
            ) : (
              <p className="rounded-2xl border border-dashed border-slate-300 p-10 text-center text-slate-700">
                You have not purchased any Envolvements yet.
              </p>
            ),
          },
        ]}
      />
    </div>
  );
}
