import { SearchIcon } from '@/components/layout/icons';
import type { ExploreParams } from '@/lib/validation/explore';
import { SEARCH_TEXT_MAX } from '@/lib/validation/search-limits';
import { ExploreLink } from './explore-navigation';
import { CloseIcon } from '@/components/ui/line-icon';

/** A plain GET form: searching works before any script loads, and keeps the chosen categories. */
export function SearchBox({ params }: { params: ExploreParams }) {
  return (
    <form action="/explore" role="search" className="relative flex max-w-2xl items-center">
      <SearchIcon className="pointer-events-none absolute left-4 text-slate-400" />
      {params.categories.map((c) => (
        <input key={c} type="hidden" name="category" value={c} />
      ))}
      <input
        type="search"
        name="q"
        defaultValue={params.q}
        maxLength={SEARCH_TEXT_MAX}
        placeholder="Search for envolvements..."
        aria-label="Search for envolvements"
        className="h-12 w-full rounded-full border border-slate-300 bg-white pr-12 pl-12 sm:pr-28 shadow-sm [&::-webkit-search-cancel-button]:hidden focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
      />
      <div className="absolute right-1.5 flex items-center gap-1">
        {params.q && (
          <ExploreLink
            to={{ categories: params.categories }}
            aria-label="Clear search"
            className="rounded-full p-2 text-slate-400 hover:bg-slate-100 hover:text-slate-700"
          >
            <CloseIcon size={16} />
          </ExploreLink>
        )}
        {/* Phones submit from the keyboard; the button would squeeze the field. */}
        <button
          type="submit"
          className="hidden h-9 items-center rounded-full bg-brand-600 px-4 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 sm:inline-flex"
        >
          Search
        </button>
      </div>
    </form>
  );
}
