import type { Metadata } from 'next';
import { notFound, permanentRedirect } from 'next/navigation';
import { CreatorEnvolvements } from '@/components/profile/creator-envolvements';
import { ProfileHeader } from '@/components/profile/profile-header';
import { JsonLd } from '@/components/seo/json-ld';
import { ShareButton } from '@/components/share/share-button';
import { publicName } from '@/lib/domain/public-name';
import { profileJsonLd } from '@/lib/seo/json-ld';
import { profileMetadata } from '@/lib/seo/metadata';
import { publicProfileCounts } from '@/lib/creator/profile-counts';
import { profilePath } from '@/lib/seo/urls';
import { cachedProfileAddress } from '@/lib/users/handle-addresses';
import { findPublicProfileUser } from '@/lib/users/profile';
import { decodeSegment } from '@/lib/validation/users';

// A profile: one page, the same for everyone, its owner included, so it is rendered once and
// served from the cache. Its owner is shown the banner editor and the way to their settings
// once the browser has asked `GET /api/me?page=`; their drafts are on their own page
// (/profile). Publishing, editing or removing an envolvement and a change of their profile or
// banner drop it; spot and member counts may be a minute behind. It arrives whole, so the
// cards are not behind a Suspense boundary, whose fallback would be drawn first.
export const revalidate = 60;
export const dynamicParams = true;
export function generateStaticParams(): Array<{ userId: string }> {
  // None at build time (there is no database then): each profile is made on its first visit.
  return [];
}

type PageProps = { params: Promise<{ userId: string }> };

// The profile at its canonical address, `/@handle` (the proxy serves it from here, at
// `/profile/@handle`); any other address of it (its id, the handle without '@' or in another
// case, a handle its owner had before) redirects there for good.
const userOf = async ({ params }: PageProps) => {
  const address = await cachedProfileAddress(decodeSegment((await params).userId));
  if (!address) return null;
  if (address.kind === 'moved') permanentRedirect(profilePath(address.handle));
  return findPublicProfileUser(address.userId);
};

export async function generateMetadata(props: PageProps): Promise<Metadata> {
  return profileMetadata(await userOf(props));
}

export default async function ProfilePage(props: PageProps) {
  const user = await userOf(props);
  if (!user) notFound();
  const counts = await publicProfileCounts(user.id);
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <JsonLd data={profileJsonLd(user, counts)} />
      <ProfileHeader user={user} counts={counts} editable="public">
        <div className="flex shrink-0 flex-wrap gap-2 pb-1">
          <ShareButton path={profilePath(user.nickname)} title={`${publicName(user)} (@${user.nickname}) on Envolve`} />
        </div>
      </ProfileHeader>
      <h2 className="mt-8 text-xl font-bold text-ink">Envolvements</h2>
      <div className="mt-4">
        <CreatorEnvolvements creatorId={user.id} />
      </div>
    </div>
  );
}
