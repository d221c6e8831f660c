import type { Metadata } from 'next';
import Link from 'next/link';
import { Suspense } from 'react';
import { CategoryFilter } from '@/components/explore/category-filter';
import { parseExploreParams } from '@/components/explore/explore-params';
import { ExploreResults, ExploreResultsSkeleton } from '@/components/explore/explore-results';
import { SearchIcon } from '@/components/layout/icons';
import { buttonClasses } from '@/components/ui/button';
import { getViewer } from '@/lib/auth/viewer';

export const metadata: Metadata = {
  title: 'Explore',
  description: 'Discover commissions, live sessions, crowdfunding and participation spots from creators on Envolve.',
};

type ExplorePageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ExplorePage({ searchParams }: ExplorePageProps) {
  const [viewer, raw] = await Promise.all([getViewer(), searchParams]);
  const params = parseExploreParams(raw);
  return (
    <div className="mx-auto max-w-7xl space-y-8 px-4 py-8 sm:px-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight text-ink">Discover Your Next Envolvement</h1>
          <p className="mt-1 text-slate-600">Commissions, live sessions, crowdfunding and more from creators you love.</p>
        </div>
        {viewer && (
          <Link href="/create" className={buttonClasses('primary', 'md')}>
            Create Your Own Envolvement
          </Link>
        )}
      </header>
      {!viewer ? (
        <div className="rounded-2xl border border-slate-200 bg-white p-10 text-center shadow-sm">
          <p className="text-lg font-semibold text-ink">Please log in to view Envolvments</p>
          <Link href="/login?callbackUrl=/explore" className={buttonClasses('primary', 'md', 'mt-4')}>
            Log In
          </Link>
        </div>
      ) : (
        <>
          <form action="/explore" role="search" className="relative max-w-2xl">
            <SearchIcon className="pointer-events-none absolute top-1/2 left-4 -translate-y-1/2 text-slate-400" />
            {params.categories.map((c) => (
              <input key={c} type="hidden" name="category" value={c} />
            ))}
            <input
              type="search"
              name="q"
              defaultValue={params.q}
              placeholder="Search for envolvments..."
              aria-label="Search for envolvments"
              className="h-12 w-full rounded-full border border-slate-300 bg-white pr-4 pl-12 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
            />
          </form>
          <CategoryFilter params={params} />
          <Suspense key={JSON.stringify(params)} fallback={<ExploreResultsSkeleton filtered={params.all || Boolean(params.q) || params.categories.length > 0} />}>
            <ExploreResults params={params} viewerId={viewer.id} />
          </Suspense>
        </>
      )}
    </div>
  );
}
