// Explore's filters as they appear in links and in the API's query, shared by the pages,
// the proxy's page keys (./page-key.ts) and the browser.

import type { ExploreParams } from '@/lib/validation/explore';

/** The Explore URL for a set of filters. */
export function exploreHref(params: Partial<ExploreParams>): string {
  const search = new URLSearchParams();
  if (params.q) search.set('q', params.q);
  for (const c of params.categories ?? []) search.append('category', c);
  if (params.all && !params.q && !params.categories?.length) search.set('view', 'all');
  const text = search.toString();
  return text ? `/explore?${text}` : '/explore';
}

/** Whether filters show the grid (of a search, categories or everything) rather than the category rows. */
export function isFilteredView(params: Partial<ExploreParams>): boolean {
  return Boolean(params.all || params.q || params.categories?.length);
}

/** The API query for the same filters (the grid loads more pages from it). */
export function pullQuery(params: ExploreParams): string {
  const search = new URLSearchParams();
  if (params.q) search.set('q', params.q);
  for (const c of params.categories) search.append('category', c);
  return search.toString();
}
