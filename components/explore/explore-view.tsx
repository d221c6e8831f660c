import Link from 'next/link';
import { SignedInOnly } from '@/components/layout/viewer-context';
import { buttonClasses } from '@/components/ui/button';
import type { ExploreParams } from '@/lib/validation/explore';
import { CategoryFilter } from './category-filter';
import { ExploreResultsFrame } from './explore-navigation';
import { ExploreResults } from './explore-results';
import { SearchBox } from './search-box';

/**
 * Explore for one set of filters: a cached view (app/(app)/explore/[key]) or a search,
 * rendered for its request (app/(app)/explore/search). `view` names it as the proxy's page key
 * does (lib/explore/page-key.ts), for the skeleton shown while another view loads.
 */
export function ExploreView({ params, view }: { params: ExploreParams; view: string }) {
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
      <ExploreResultsFrame view={view}>
        <ExploreResults params={params} />
      </ExploreResultsFrame>
    </div>
  );
}
