import { cn } from '@/components/ui/cn';
import { CATEGORIES } from '@/lib/domain/categories';
import type { ExploreParams } from '@/lib/validation/explore';
import { ExploreLink } from './explore-navigation';

/**
 * Multi-select chips kept in the URL, so filtered views can be shared and indexed. Explore's
 * views are cached pages, which a link prefetches whole: the chips would download eleven
 * pages on every visit, so they are ExploreLinks, and a click fetches the one chosen.
 */
export function CategoryFilter({ params }: { params: ExploreParams }) {
  return (
    <div role="group" className="flex flex-wrap items-center gap-2" aria-label="Filter by category">
      {CATEGORIES.map((category) => {
        const selected = params.categories.includes(category);
        const next = selected ? params.categories.filter((c) => c !== category) : [...params.categories, category];
        return (
          <ExploreLink
            key={category}
            to={{ ...params, categories: next }}
            aria-current={selected ? 'true' : undefined}
            scroll={false}
            className={cn(
              'rounded-full border px-3 py-1.5 text-sm font-medium transition-colors',
              selected
                ? 'border-brand-600 bg-brand-600 text-white'
                : 'border-slate-300 bg-white text-slate-700 hover:border-brand-400',
            )}
          >
            {category}
          </ExploreLink>
        );
      })}
      {params.categories.length > 0 && (
        <ExploreLink
          to={{ q: params.q }}
          scroll={false}
          className="rounded px-2 text-sm font-semibold text-brand-700 hover:underline"
        >
          Clear Filters
        </ExploreLink>
      )}
    </div>
  );
}
