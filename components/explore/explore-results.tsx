import { EAGER_COVERS, OfferCard } from '@/components/envolvement/offer-card';
import { OfferDialogs } from '@/components/envolvement/offer-dialogs';
import { buttonClasses } from '@/components/ui/button';
import { listEnvolvements, listEnvolvementsByCategory } from '@/lib/envolvements/list';
import { offerViewerOf } from '@/lib/envolvements/offer-viewer';
import { countLabel } from '@/lib/envolvements/rules';
import { isDatabaseUnavailable } from '@/lib/db/availability';
import { logError } from '@/lib/log';
import { CategoryRow } from './category-row';
import type { ExploreParams } from '@/lib/validation/explore';
import { isFilteredView, pullQuery } from '@/lib/explore/params';
import { ExploreLink } from './explore-navigation';
import { InfiniteGrid } from './infinite-grid';
import { ROW_CARD, ROW_COVER_WIDTH } from './layout';

/**
 * What Explore's default view draws on the server: the first rows' first cards, which fill
 * the first screen at any width. The other cards of those rows are read when the visitor
 * reaches for them, and the other rows as they come near: a card drawn on the server weighs
 * about 4.5 KB of HTML and RSC payload, ten times its JSON.
 */
const DRAWN = { rows: 2, cards: 4 };
/** The cards a filtered view draws on the server; the grid reads the next pages as it scrolls. */
const FIRST_GRID_PAGE = 12;
/** How many cards a category row holds in all, the newest first; "See all" shows the rest. */
const ROW_LENGTH = 12;

const LOAD_ERROR = 'Error loading Envolvements. Please try again later.';

function LoadError() {
  return (
    <p role="alert" className="rounded-xl bg-red-50 p-6 text-center text-red-700">
      {LOAD_ERROR}
    </p>
  );
}

function NothingFound() {
  return (
    <p className="rounded-xl border border-dashed border-slate-300 p-10 text-center text-slate-600">
      No Envolvements found.
    </p>
  );
}

/**
 * What `load` read, or null once its failure is logged: the list then says it could not load.
 * A database out of reach is not such a failure: the page says it is away ("back soon", 503).
 */
async function loadOrNull<T>(event: string, load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw error;
    logError(event, error);
    return null;
  }
}

async function FilteredResults({ params }: { params: ExploreParams }) {
  const page = await loadOrNull('explore.list', () =>
    listEnvolvements({ q: params.q, categories: params.categories, limit: FIRST_GRID_PAGE, viewerId: null }),
  );
  if (!page) return <LoadError />;
  return (
    <section className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-bold text-ink">
          All Envolvements ({countLabel(page.total ?? page.items.length, page.totalCapped)})
        </h2>
        <ExploreLink to={{}} className={buttonClasses('ghost', 'sm')}>
          Back to Categories
        </ExploreLink>
      </div>
      {page.items.length === 0 ? (
        <NothingFound />
      ) : (
        <InfiniteGrid
          initialIds={page.items.map((item) => item._id)}
          initialCursor={page.nextCursor}
          query={pullQuery(params)}
        >
          {page.items.map((item, index) => (
            <OfferCard key={item._id} envolvement={item} dialog priority={index < EAGER_COVERS} />
          ))}
        </InfiniteGrid>
      )}
    </section>
  );
}

async function CategoryRows() {
  const groups = await loadOrNull('explore.categories', () => listEnvolvementsByCategory(null, ROW_LENGTH, DRAWN));
  if (!groups) return <LoadError />;
  return (
    <div className="space-y-10">
      <div className="flex justify-end">
        <ExploreLink to={{ all: true }} className={buttonClasses('secondary', 'md')}>
          View All Envolvements
        </ExploreLink>
      </div>
      {groups.length === 0 ? (
        <NothingFound />
      ) : (
        groups.map((group, index) => (
          <CategoryRow
            key={group.category}
            first={index === 0}
            category={group.category}
            rest={{
              query: pullQuery({ q: '', categories: [group.category], all: false }),
              more: group.more,
              cursor: group.cursor,
            }}
          >
            {group.items.map((item, at) => (
              <OfferCard
                key={item._id}
                envolvement={item}
                dialog
                category={group.category}
                className={ROW_CARD}
                priority={index === 0 && at < EAGER_COVERS}
                coverWidth={ROW_COVER_WIDTH}
              />
            ))}
          </CategoryRow>
        ))
      )}
    </div>
  );
}

/**
 * Explore's lists as a visitor sees them: the page is the same for everyone and served from
 * the cache; what depends on the viewer (their action in the offer dialog) is read in the browser.
 */
export function ExploreResults({ params }: { params: ExploreParams }) {
  return (
    <OfferDialogs viewer={offerViewerOf(null)}>
      {isFilteredView(params) ? <FilteredResults params={params} /> : <CategoryRows />}
    </OfferDialogs>
  );
}
