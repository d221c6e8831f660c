import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { EnvolvementPageBody, RemovedNotice } from '@/components/envolvement/envolvement-page-body';
import { publicEnvolvementView } from '@/lib/envolvements/queries';
import { visibilityFor } from '@/lib/envolvements/rules';
import { envolvementMetadata } from '@/lib/seo/metadata';
import { isUuid } from '@/lib/validation/ids';

// An envolvement as a visitor sees it (signed out: the summary, the lock and 'Sign in to
// join'), the same for all of them, so it is rendered once and served from the cache. The
// proxy sends signed-in viewers, whose membership decides what they see, to `./rendered`,
// and visitors there too when it is gone (the removed notice, answered 410). Editing,
// publishing, unpublishing and removing it, and every spot taken or given back, drop the page.
export const revalidate = 60;
export const dynamicParams = true;
export function generateStaticParams(): Array<{ id: string }> {
  // None at build time (there is no database then): each page is made on its first visit.
  return [];
}

type PageProps = { params: Promise<{ id: string }> };

async function viewOf({ params }: PageProps) {
  const { id } = await params;
  const view = isUuid(id) ? await publicEnvolvementView(id) : null;
  return view && visibilityFor(view.envolvement, null) !== 'not_found' ? view : null;
}

export async function generateMetadata(props: PageProps): Promise<Metadata> {
  return envolvementMetadata((await viewOf(props))?.envolvement);
}

export default async function VisitorEnvolvementPage(props: PageProps) {
  const view = await viewOf(props);
  if (!view) notFound();
  if (visibilityFor(view.envolvement, null) === 'gone') return <RemovedNotice />;
  return <EnvolvementPageBody view={view} viewer={null} />;
}
