import type { Metadata } from 'next';
import Link from 'next/link';
import { Suspense } from 'react';
import { CategoryFilter } from '@/components/explore/category-filter';
import { parseExploreParams } from '@/lib/validation/explore';
import { ExploreResults, ExploreResultsSkeleton } from '@/components/explore/explore-results';
import { SearchBox } from '@/components/explore/search-box';
import { buttonClasses } from '@/components/ui/button';
import { getViewer } from '@/lib/auth/viewer';
import { exploreMetadata } from '@/lib/seo/metadata';

type ExplorePageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ searchParams }: ExplorePageProps): Promise<Metadata> {
  return exploreMetadata(parseExploreParams(await searchParams));
}

export default async function ExplorePage({ searchParams }: ExplorePageProps) {
  // Open to visitors: joining asks them to sign in, reading does not.
  const [viewer, raw] = await Promise.all([getViewer(), searchParams]);
  const params = parseExploreParams(raw);
  const filtered = params.all || Boolean(params.q) || params.categories.length > 0;
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight text-ink">Discover Your Next Envolvement</h1>
          <p className="mt-1 text-slate-600">
            Commissions, live sessions, crowdfunding and more from creators you love.
          </p>
        </div>
        {viewer && (
          <Link href="/create" className={buttonClasses('primary', 'md')}>
            Create Your Own Envolvement
          </Link>
        )}
      </header>
      <SearchBox params={params} />
      <CategoryFilter params={params} />
      <Suspense key={JSON.stringify(params)} fallback={<ExploreResultsSkeleton filtered={filtered} />}>
        <ExploreResults params={params} viewerId={viewer?.id ?? null} />
      </Suspense>
    </div>
  );
}
