import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { EnvolvementGrid } from '@/components/profile/envolvement-grid';
import { ProfileHeader } from '@/components/profile/profile-header';
import { getViewer } from '@/lib/auth/viewer';
import { listEnvolvementsByCreator } from '@/lib/envolvements/list';
import { findUserByIdOrSlug } from '@/lib/users/profile';
import { decodeSegment } from '@/lib/validation/users';

type PageProps = { params: Promise<{ userId: string }> };

const findUser = cache((slug: string) => findUserByIdOrSlug(decodeSegment(slug)));

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const user = await findUser((await params).userId);
  if (!user) return { title: 'User not found', robots: { index: false } };
  const name = user.nickname || user.name;
  return {
    title: name,
    description: `Envolvements by ${name}: commissions, live sessions and more.`,
    openGraph: { title: `${name} on Envolve`, type: 'profile', images: user.bannerUrl ? [user.bannerUrl] : undefined },
  };
}

export default async function PublicProfilePage({ params }: PageProps) {
  const [{ userId }, viewer] = await Promise.all([params, getViewer()]);
  const user = await findUser(userId);
  if (!user) {
    notFound();
  }
  const items = await listEnvolvementsByCreator(user.id, viewer?.id ?? null);
  const isSelf = viewer?.id === user.id;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <ProfileHeader user={user} email={isSelf ? user.email : null} editable={isSelf} />
      <h2 className="mt-8 text-xl font-bold text-ink">Envolvements</h2>
      <div className="mt-4">
        {items.length ? (
          <EnvolvementGrid items={items} viewerId={viewer?.id ?? null} mode="link" />
        ) : (
          <p className="rounded-2xl border border-dashed border-slate-300 p-10 text-center text-slate-600">This user has no Envolvements.</p>
        )}
      </div>
    </div>
  );
}
