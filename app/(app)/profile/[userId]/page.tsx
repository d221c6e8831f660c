import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache, Suspense } from 'react';
import { CreatorEnvolvements, CreatorEnvolvementsLoading } from '@/components/profile/creator-envolvements';
import { ProfileHeader } from '@/components/profile/profile-header';
import { getViewer } from '@/lib/auth/viewer';
import { profileSlug } from '@/lib/envolvements/rules';
import { findUserByIdOrSlug } from '@/lib/users/profile';
import { decodeSegment } from '@/lib/validation/users';

type PageProps = { params: Promise<{ userId: string }> };

const findUser = cache((slug: string) => findUserByIdOrSlug(decodeSegment(slug)));

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const user = await findUser((await params).userId);
  if (!user) return { title: 'User not found', robots: { index: false } };
  const name = user.nickname || user.name;
  const description = `Envolvements by ${name}: commissions, live sessions and more.`;
  const url = `/profile/${encodeURIComponent(profileSlug(user.id))}`;
  return {
    title: name,
    description,
    alternates: { canonical: url },
    openGraph: {
      title: `${name} on Envolve`,
      description,
      url,
      type: 'profile',
      username: user.nickname,
      images: user.bannerUrl ? [user.bannerUrl] : undefined,
    },
  };
}

// No loading.tsx above this page: an unknown user is decided before anything streams,
// so it answers a real 404. Only the list streams, behind 'Loading...'.
export default async function PublicProfilePage({ params }: PageProps) {
  const [{ userId }, viewer] = await Promise.all([params, getViewer()]);
  const user = await findUser(userId);
  if (!user) notFound();
  const isSelf = viewer?.id === user.id;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <ProfileHeader user={user} email={isSelf ? user.email : null} editable={isSelf} />
      <h2 className="mt-8 text-xl font-bold text-ink">Envolvements</h2>
      <div className="mt-4">
        <Suspense fallback={<CreatorEnvolvementsLoading />}>
          <CreatorEnvolvements creatorId={user.id} viewerId={viewer?.id ?? null} />
        </Suspense>
      </div>
    </div>
  );
}
