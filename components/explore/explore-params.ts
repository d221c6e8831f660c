import { CATEGORIES, isCategory, type Category } from '@/lib/domain/categories';

export type ExploreParams = { q: string; categories: Category[]; all: boolean };

type Raw = Record<string, string | string[] | undefined>;

export function parseExploreParams(raw: Raw): ExploreParams {
  const list = (v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
  const q = (list(raw.q)[0] ?? '').trim().slice(0, 200);
  const categories = CATEGORIES.filter((c) => list(raw.category).filter(isCategory).includes(c));
  return { q, categories, all: list(raw.view)[0] === 'all' };
}

/** The Explore URL for a set of filters. */
export function exploreHref(params: Partial<ExploreParams>): string {
  const search = new URLSearchParams();
  if (params.q) search.set('q', params.q);
  for (const c of params.categories ?? []) search.append('category', c);
  if (params.all && !params.q && !params.categories?.length) search.set('view', 'all');
  const text = search.toString();
  return text ? `/explore?${text}` : '/explore';
}

/** The API query for the same filters (the grid loads more pages from it). */
export function pullQuery(params: ExploreParams): string {
  const search = new URLSearchParams();
  if (params.q) search.set('q', params.q);
  for (const c of params.categories) search.append('category', c);
  return search.toString();
}
