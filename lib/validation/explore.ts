import { z } from 'zod/mini';
import { CATEGORIES, type Category } from '@/lib/domain/categories';
import { SEARCH_TEXT_MAX } from './search-limits';
import { checkText } from './text';

// Explore's filters (?q=&category=…&view=all), read by the page from a link and by the
// API from the grid's requests: one set of rules, strict for the API, forgiving for links.

/** The most envolvements one request of the grid may ask for. */
export const MAX_PAGE_SIZE = 100;

/** A query value as one string: the first, when a name is repeated. */
const first = z.transform((value: unknown) => (Array.isArray(value) ? value[0] : value));
/** A query value as a list: none, one or repeated. */
const all = z.transform((value: unknown) => (value === undefined ? [] : Array.isArray(value) ? value : [value]));

const searchText = z
  .string()
  .check(
    z.trim(),
    z.maxLength(SEARCH_TEXT_MAX, `Search text must be ${SEARCH_TEXT_MAX} characters or fewer`),
    checkText('Search text'),
  );
const category = z.enum(CATEGORIES, { error: 'Unknown category' });

/** The filters as the API takes them: what does not fit is a 400. */
export const exploreFiltersSchema = z.object({
  q: z.pipe(first, z.optional(searchText)),
  category: z.pipe(all, z.array(category).check(z.maxLength(CATEGORIES.length))),
});

const cursor = z.pipe(first, z.optional(z.string().check(z.maxLength(200), checkText('Cursor'))));

/** Where a list's page starts: no cursor for the first. */
export const cursorQuerySchema = z.object({ cursor });

/** A page of the grid: the filters, how many and from where. */
export const pullQuerySchema = z.extend(exploreFiltersSchema, {
  limit: z.pipe(
    first,
    z.optional(
      z.coerce
        .number({ error: 'limit must be a number' })
        .check(
          z.int('limit must be a whole number'),
          z.gte(1, `limit must be between 1 and ${MAX_PAGE_SIZE}`),
          z.lte(MAX_PAGE_SIZE, `limit must be between 1 and ${MAX_PAGE_SIZE}`),
        ),
    ),
  ),
  cursor,
});

/** The top bar's search-as-you-type: the same text rules as Explore's search. */
export const suggestQuerySchema = z.object({ q: z.pipe(first, z.optional(searchText)) });

export type ExploreParams = { q: string; categories: Category[]; all: boolean };

/** The same filters as the page reads a shared link: what does not fit is left out. */
const exploreLinkSchema = z.object({
  q: z.pipe(first, z.catch(searchText, '')),
  category: z.pipe(all, z.array(z.unknown())),
  view: z.pipe(first, z.unknown()),
});

export function parseExploreParams(raw: Record<string, string | string[] | undefined>): ExploreParams {
  const link = exploreLinkSchema.parse(raw);
  const known = link.category.filter((value) => category.safeParse(value).success);
  return {
    q: link.q,
    // In the product's order, each once.
    categories: CATEGORIES.filter((c) => known.includes(c)),
    all: link.view === 'all',
  };
}
