import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache, Suspense } from 'react';
import { CreatorEnvolvements, CreatorEnvolvementsLoading } from '@/components/profile/creator-envolvements';
import { ProfileHeader } from '@/components/profile/profile-header';
import { JsonLd } from '@/components/seo/json-ld';
import { getViewer } from '@/lib/auth/viewer';
import { profileJsonLd } from '@/lib/seo/json-ld';
import { profileMetadata } from '@/lib/seo/metadata';
import { getProfileCounts } from '@/lib/creator/profile-counts';
import { findUserByIdOrSlug } from '@/lib/users/profile';
import { decodeSegment } from '@/lib/validation/users';

type PageProps = { params: Promise<{ userId: string }> };

const findUser = cache((slug: string) => findUserByIdOrSlug(decodeSegment(slug)));

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  return profileMetadata(await findUser((await params).userId));
}

// `/profile/{user}` rendered for its owner's request (see proxy.ts): their e-mail, their
// drafts and the banner editor. Everyone else is served the page from the cache (../page.tsx).
// No loading.tsx above this page: an unknown user is decided before anything streams,
// so it answers a real 404. Only the list streams, behind 'Loading...'.
export default async function PublicProfilePage({ params }: PageProps) {
  const [{ userId }, viewer] = await Promise.all([params, getViewer()]);
  const user = await findUser(userId);
  if (!user) notFound();
  const counts = await getProfileCounts(user.id);
  const isSelf = viewer?.id === user.id;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <JsonLd data={profileJsonLd(user, counts)} />
      <ProfileHeader user={user} counts={counts} email={isSelf ? viewer.email : null} editable={isSelf} />
      <h2 className="mt-8 text-xl font-bold text-ink">Envolvements</h2>
      <div className="mt-4">
        <Suspense fallback={<CreatorEnvolvementsLoading />}>
          <CreatorEnvolvements creatorId={user.id} viewerId={viewer?.id ?? null} />
        </Suspense>
      </div>
    </div>
  );
}
