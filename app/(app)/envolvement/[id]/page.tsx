import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { EnvolvementPageBody } from '@/components/envolvement/envolvement-page-body';
import { publicEnvolvementView } from '@/lib/envolvements/queries';
import { isPublished } from '@/lib/envolvements/rules';
import { envolvementMetadata } from '@/lib/seo/metadata';
import { isUuid } from '@/lib/validation/ids';

// An envolvement's page: one page, the same for everyone, signed in or not, so it is rendered
// once and served from the cache. What depends on the viewer (the join bar's action, the
// creator's tools, the member tabs) comes from `GET /api/me?page=` after it arrives. One that
// is not public (a draft, a removed one) is a 404 here, from its own data: its creator and
// members open it at ./private, which the not-found page offers them. Editing, publishing,
// unpublishing and removing it, and every spot taken or given back, drop the page.
export const revalidate = 60;
export const dynamicParams = true;
export function generateStaticParams(): Array<{ id: string }> {
  // None at build time (there is no database then): each page is made on its first visit.
  return [];
}

type PageProps = { params: Promise<{ id: string }> };

async function publicOf({ params }: PageProps) {
  const { id } = await params;
  const view = isUuid(id) ? await publicEnvolvementView(id) : null;
  return view && isPublished(view.envolvement) ? view.envolvement : null;
}

export async function generateMetadata(props: PageProps): Promise<Metadata> {
  return envolvementMetadata(await publicOf(props));
}

export default async function EnvolvementPage(props: PageProps) {
  const envolvement = await publicOf(props);
  if (!envolvement) notFound();
  return <EnvolvementPageBody envolvement={envolvement} />;
}
