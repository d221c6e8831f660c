import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { EnvolvementPageBody } from '@/components/envolvement/envolvement-page-body';
import { getViewer } from '@/lib/auth/viewer';
import { getEnvolvementView } from '@/lib/envolvements/queries';
import { isPublished, visibilityFor } from '@/lib/envolvements/rules';
import { envolvementPath } from '@/lib/seo/urls';
import { isUuid } from '@/lib/validation/ids';

export const metadata: Metadata = { title: 'Your envolvement', robots: { index: false, follow: false } };

type PageProps = { params: Promise<{ id: string }> };

// An envolvement that is not public (a draft, one removed or unpublished after people joined),
// for its creator and members, rendered for their request: to anyone else it does not exist.
// Once it is public, its page is the public one.
export default async function PrivateEnvolvementPage({ params }: PageProps) {
  const [{ id }, viewer] = await Promise.all([params, getViewer()]);
  const view = viewer && isUuid(id) ? await getEnvolvementView(id, viewer.id) : null;
  if (!view || visibilityFor(view.envolvement, viewer!.id) !== 'visible') notFound();
  if (isPublished(view.envolvement)) redirect(envolvementPath(id));
  return <EnvolvementPageBody envolvement={view.envolvement} />;
}
