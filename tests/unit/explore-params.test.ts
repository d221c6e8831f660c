import { describe, expect, it } from 'vitest';
import { exploreHref, pullQuery } from '@/lib/explore/params';
import { exploreFiltersSchema, parseExploreParams } from '@/lib/validation/explore';
import { SEARCH_TEXT_MAX } from '@/lib/validation/search-limits';

describe('Explore URL state', () => {
  it('reads q, known categories in their canonical order, and the all view', () => {
    expect(parseExploreParams({ q: '  music ', category: ['Video', 'Cooking', 'Art'], view: 'all' })).toEqual({
      q: 'music',
      categories: ['Video', 'Art'],
      all: true,
    });
    expect(parseExploreParams({})).toEqual({ q: '', categories: [], all: false });
    expect(parseExploreParams({ category: 'Q&A' }).categories).toEqual(['Q&A']);
  });

  it('writes filters back into links and API queries', () => {
    expect(exploreHref({})).toBe('/explore');
    expect(exploreHref({ all: true })).toBe('/explore?view=all');
    expect(exploreHref({ q: 'live show', categories: ['Q&A', 'Music'], all: true })).toBe(
      '/explore?q=live+show&category=Q%26A&category=Music',
    );
    expect(pullQuery({ q: 'x', categories: ['Art'], all: false })).toBe('q=x&category=Art');
  });

  it('reads a link by the same rules the API checks, leaving out what the API would refuse', () => {
    const query = { q: ' live ', category: ['Music', 'Art'] };
    expect(exploreFiltersSchema.parse(query)).toEqual({ q: 'live', category: ['Music', 'Art'] });
    // The page lists them in the product's order.
    expect(parseExploreParams(query)).toMatchObject({ q: 'live', categories: ['Art', 'Music'] });
    const tooLong = { q: 'x'.repeat(SEARCH_TEXT_MAX + 1), category: 'Cooking' };
    expect(exploreFiltersSchema.safeParse(tooLong).success).toBe(false);
    expect(parseExploreParams(tooLong)).toEqual({ q: '', categories: [], all: false });
  });
});
