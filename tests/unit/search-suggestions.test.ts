import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { stepOption, type Suggestions } from '@/components/forms/use-suggestions';
import { SearchSuggestions, type SuggestAnswer } from '@/components/layout/search-suggestions';

const answer: SuggestAnswer = {
  envolvements: [
    { id: 'e1', title: 'Zine collaboration', creator: { handle: 'inesdraws', name: 'Inès Duarte' } },
    { id: 'e2', title: 'Ink drawing fundamentals', creator: { handle: 'inesdraws', name: 'Inès Duarte' } },
  ],
  creators: [{ id: 'local|ines-1', handle: 'inesdraws', name: 'Inès Duarte', picture: null }],
};

const render = (state: Suggestions<SuggestAnswer>, active = -1, message = '') =>
  renderToStaticMarkup(
    createElement(SearchSuggestions, {
      state,
      message,
      listId: 'list',
      optionId: (i: number) => `list-${i}`,
      active,
      onChoose: () => undefined,
    }),
  );

describe('stepOption', () => {
  it('moves down and up one option at a time', () => {
    expect(stepOption(0, 3, 'ArrowDown')).toBe(1);
    expect(stepOption(2, 3, 'ArrowUp')).toBe(1);
  });

  it('starts from the first going down and the last going up', () => {
    expect(stepOption(-1, 3, 'ArrowDown')).toBe(0);
    expect(stepOption(-1, 3, 'ArrowUp')).toBe(2);
  });

  it('wraps round at both ends', () => {
    expect(stepOption(2, 3, 'ArrowDown')).toBe(0);
    expect(stepOption(0, 3, 'ArrowUp')).toBe(2);
  });

  it('has nothing to move to in an empty list', () => {
    expect(stepOption(-1, 0, 'ArrowDown')).toBe(-1);
    expect(stepOption(-1, 0, 'ArrowUp')).toBe(-1);
  });
});

describe('the top bar suggestions', () => {
  it('draws nothing while the text is too short', () => {
    expect(render({ status: 'idle' })).toBe('');
  });

  it('says it is searching while waiting, and shows the announced words when there is no option', () => {
    expect(render({ status: 'loading' })).toContain('Searching…');
    expect(render({ status: 'error' }, -1, 'Could not load suggestions')).toContain('Could not load suggestions');
    const none = { envolvements: [], creators: [] };
    expect(render({ status: 'done', results: none }, -1, 'No suggestions')).toContain('No suggestions');
    for (const state of [{ status: 'loading' }, { status: 'error' }] as const) {
      expect(render(state)).not.toContain('role="listbox"');
    }
  });

  it('groups envolvements and creators in one listbox, each group named by its label', () => {
    const html = render({ status: 'done', results: answer });
    expect(html).toContain('id="list" role="listbox" aria-label="Suggestions"');
    expect(html).toContain('role="group" aria-labelledby="list-envolvements"');
    expect(html).toMatch(/id="list-envolvements"[^>]*>Envolvements</);
    expect(html).toContain('role="group" aria-labelledby="list-creators"');
    expect(html).toMatch(/id="list-creators"[^>]*>Creators</);
    expect(html.indexOf('Envolvements<')).toBeLessThan(html.indexOf('Creators<'));
  });

  it('makes each option a link out of the tab order, numbered across both groups', () => {
    const options = [...render({ status: 'done', results: answer }).matchAll(/<a [^>]*>/g)].map(([tag]) => tag);
    expect(options).toHaveLength(3);
    const attribute = (tag: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1];
    expect(options.map((tag) => [attribute(tag, 'id'), attribute(tag, 'href')])).toEqual([
      ['list-0', '/envolvement/e1'],
      ['list-1', '/envolvement/e2'],
      // A profile's address is its handle's.
      ['list-2', '/@inesdraws'],
    ]);
    for (const tag of options) {
      expect(attribute(tag, 'role')).toBe('option');
      expect(attribute(tag, 'tabindex')).toBe('-1');
    }
  });

  it('marks only the highlighted option as selected', () => {
    const html = render({ status: 'done', results: answer }, 2);
    expect(html.match(/aria-selected="true"/g)).toHaveLength(1);
    expect(html).toMatch(/id="list-2"[^>]*aria-selected="true"/);
  });

  it("says who made an envolvement and a creator's handle, for readers that skip group labels", () => {
    const text = render({ status: 'done', results: answer }).replace(/<[^>]+>/g, ' ');
    expect(text).toMatch(/Zine collaboration\s+by Inès Duarte/);
    expect(text).toMatch(/Inès Duarte\s+@inesdraws/);
  });
});
