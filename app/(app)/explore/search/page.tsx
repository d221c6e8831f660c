import type { Metadata } from 'next';
import { ExploreView } from '@/components/explore/explore-view';
import { exploreKeyOf } from '@/lib/explore/page-key';
import { queryObject } from '@/lib/http/body';
import { exploreMetadata } from '@/lib/seo/metadata';
import { parseExploreParams } from '@/lib/validation/explore';

// A search of Explore (the proxy sends `/explore?q=…` here), rendered for its request and
// never stored: each search a crawler or a script invents would otherwise be a page kept in
// the cache. Its results are read fresh; robots.txt and `noindex` keep crawlers off.

type SearchPageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

async function searchOf(props: SearchPageProps) {
  const raw = await props.searchParams;
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(raw)) for (const one of [value ?? []].flat()) search.append(name, one);
  return { params: parseExploreParams(queryObject(search)), key: exploreKeyOf(search) };
}

export async function generateMetadata(props: SearchPageProps): Promise<Metadata> {
  const { params } = await searchOf(props);
  return { ...exploreMetadata(params), robots: { index: false, follow: true } };
}

export default async function ExploreSearchPage(props: SearchPageProps) {
  const { params, key } = await searchOf(props);
  return <ExploreView params={params} view={key} />;
}
