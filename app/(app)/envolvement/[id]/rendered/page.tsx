import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { EnvolvementPageBody, RemovedNotice } from '@/components/envolvement/envolvement-page-body';
import { getViewer } from '@/lib/auth/viewer';
import { getEnvolvementView } from '@/lib/envolvements/queries';
import { visibilityFor } from '@/lib/envolvements/rules';
import { envolvementMetadata } from '@/lib/seo/metadata';
import { isUuid } from '@/lib/validation/ids';
import { envolvementTabSchema } from '@/lib/validation/notifications';

type PageProps = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

// One read per request, shared by the metadata and the page: the envolvement as this
// viewer may read it, with every post when they may read the activity.
const load = cache(async (id: string, viewerId: string | null) =>
  isUuid(id) ? getEnvolvementView(id, viewerId, 'all') : null,
);

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const [{ id }, viewer] = await Promise.all([params, getViewer()]);
  const viewerId = viewer?.id ?? null;
  const envolvement = (await load(id, viewerId))?.envolvement;
  // A draft this viewer may not see is as unknown to its metadata as to its page.
  return envolvementMetadata(envolvement && visibilityFor(envolvement, viewerId) !== 'not_found' ? envolvement : null);
}

// `/envolvement/{id}` rendered for its request: for signed-in viewers, whose membership
// decides what they see, and for a removed envolvement's 410 (see proxy.ts). Visitors are
// served the page from the cache (../page.tsx).
export default async function EnvolvementPage({ params, searchParams }: PageProps) {
  const [{ id }, viewer, query] = await Promise.all([params, getViewer(), searchParams]);
  const viewerId = viewer?.id ?? null;
  const view = await load(id, viewerId);
  // A draft is its creator's (and its members'): to anyone else it does not exist.
  const visibility = view ? visibilityFor(view.envolvement, viewerId) : 'not_found';
  if (!view || visibility === 'not_found') notFound();
  // The proxy answers this state with 410 Gone.
  if (visibility === 'gone') return <RemovedNotice />;

  return <EnvolvementPageBody view={view} viewer={viewer} tab={envolvementTabSchema.safeParse(query.tab).data} />;
}
