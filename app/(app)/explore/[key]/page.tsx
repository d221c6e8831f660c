import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { CategoryFilter } from '@/components/explore/category-filter';
import { ExploreResultsFrame } from '@/components/explore/explore-navigation';
import { ExploreResults } from '@/components/explore/explore-results';
import { SearchBox } from '@/components/explore/search-box';
import { SignedInOnly } from '@/components/layout/viewer-context';
import { buttonClasses } from '@/components/ui/button';
import { exploreParamsOfKey } from '@/lib/explore/page-key';
import { exploreMetadata } from '@/lib/seo/metadata';
import type { ExploreParams } from '@/lib/validation/explore';

// Explore is the same for everyone, signed in or not, so each view is rendered once and
// served from the cache (the proxy sends `/explore?…` here as `/explore/<key>`, see
// lib/explore/page-key.ts). Publishing, editing, unpublishing and removing an envolvement drop the
// lists' tag, and with it these pages; spot counts on cards may be a minute behind, and the
// offer dialog reads them fresh. A cached page arrives whole, so it has no Suspense boundary
// (nor a loading.tsx): React would still draw its fallback first and reveal the cards it
// already holds a frame or 300 ms later. The skeleton shows while another view loads
// (components/explore/explore-navigation.tsx).
export const revalidate = 60;
export const dynamicParams = true;
export function generateStaticParams(): Array<{ key: string }> {
  // None at build time (there is no database then): each view is made on its first visit.
  return [];
}

type ExplorePageProps = { params: Promise<{ key: string }> };

async function paramsOf(props: ExplorePageProps): Promise<ExploreParams> {
  const params = exploreParamsOfKey((await props.params).key);
  if (!params) notFound();
  return params;
}

export async function generateMetadata(props: ExplorePageProps): Promise<Metadata> {
  return exploreMetadata(await paramsOf(props));
}

export default async function ExplorePage(props: ExplorePageProps) {
  // Open to visitors: joining asks them to sign in, reading does not.
  const params = await paramsOf(props);
  const { key } = await props.params;
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight text-ink">Discover Your Next Envolvement</h1>
          <p className="mt-1 text-slate-600">
            Commissions, live sessions, crowdfunding and more from creators you love.
          </p>
        </div>
        <SignedInOnly>
          <Link href="/create" className={buttonClasses('primary', 'md')}>
            Create Your Own Envolvement
          </Link>
        </SignedInOnly>
      </header>
      <SearchBox params={params} />
      <CategoryFilter params={params} />
      <ExploreResultsFrame view={key}>
        <ExploreResults params={params} />
      </ExploreResultsFrame>
    </div>
  );
}
