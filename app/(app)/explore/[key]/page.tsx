import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ExploreView } from '@/components/explore/explore-view';
import { exploreParamsOfKey } from '@/lib/explore/page-key';
import { exploreMetadata } from '@/lib/seo/metadata';
import type { ExploreParams } from '@/lib/validation/explore';

// Explore's views by category are the same for everyone, signed in or not, so each is rendered
// once and served from the cache (the proxy sends `/explore?category=…` here as
// `/explore/<key>`, see lib/explore/page-key.ts): as many as there are sets of categories. A
// search is not stored per query: it is rendered for its request (../search). Publishing,
// editing, unpublishing and removing an envolvement drop the lists' tag, and with it these
// pages; spot counts on cards may be a minute behind, and the offer dialog reads them fresh.
// A cached page arrives whole, so it has no Suspense boundary (nor a loading.tsx): React
// would still draw its fallback first and reveal the cards it already holds a frame or 300 ms
// later. The skeleton shows while another view loads (components/explore/explore-navigation.tsx).
export const revalidate = 60;
export const dynamicParams = true;
export function generateStaticParams(): Array<{ key: string }> {
  // None at build time (there is no database then): each view is made on its first visit.
  return [];
}

type ExplorePageProps = { params: Promise<{ key: string }> };

async function paramsOf(props: ExplorePageProps): Promise<ExploreParams> {
  const params = exploreParamsOfKey((await props.params).key);
  // A key holding a search names a page that is never stored.
  if (!params || params.q) notFound();
  return params;
}

export async function generateMetadata(props: ExplorePageProps): Promise<Metadata> {
  return exploreMetadata(await paramsOf(props));
}

export default async function ExplorePage(props: ExplorePageProps) {
  // Open to visitors: joining asks them to sign in, reading does not.
  const params = await paramsOf(props);
  return <ExploreView params={params} view={(await props.params).key} />;
}
