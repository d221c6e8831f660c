import { describe, expect, it } from 'vitest';
import { BUNDLE_BUDGETS_KB, OWN_JS_BUDGETS_KB, overBudget } from '../../scripts/bundle-budgets';

describe('bundle budgets', () => {
  it('passes routes at or under their budget', () => {
    expect(overBudget({ '/': 100, '/explore': 120 }, { '/': 100, '/explore': 121 })).toEqual([]);
  });

  it('names a route over its budget, with its size', () => {
    expect(overBudget({ '/': 100.1, '/explore': 90 }, { '/': 100, '/explore': 120 })).toEqual([
      { route: '/', size: 100.1, budget: 100 },
    ]);
  });

  it('fails a budgeted route the build does not list', () => {
    expect(overBudget({}, { '/gone': 100 })).toEqual([{ route: '/gone', size: Number.NaN, budget: 100 }]);
  });

  it('budgets the public pages a visitor lands on', () => {
    expect(Object.keys(BUNDLE_BUDGETS_KB)).toEqual(
      expect.arrayContaining(['/', '/explore', '/envolvement/[id]', '/create']),
    );
  });

  it("holds each public page's own JavaScript to 12 KB, and the wizard's to 30 KB", () => {
    expect(OWN_JS_BUDGETS_KB).toEqual({
      '/': 12,
      '/explore': 12,
      '/envolvement/[id]': 12,
      '/profile/[userId]': 12,
      '/create': 30,
    });
  });
});
