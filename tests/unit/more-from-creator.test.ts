import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MoreFromCreator } from '@/components/envolvement/more-from-creator';
import { buildEnvolvementDto } from '../factories/envolvement-dto';

const render = (items: ReturnType<typeof buildEnvolvementDto>[]) =>
  renderToStaticMarkup(createElement(MoreFromCreator, { username: 'inesdraws', items }));

describe('more from the creator', () => {
  it("heads the cards with 'More from @handle', linking to the profile, each card to its page", () => {
    const items = [
      buildEnvolvementDto({ _id: '0b0e6c1e-4a57-4c43-9d7c-2f4a1c9a0002', title: 'Zine collaboration' }),
      buildEnvolvementDto({ _id: '0b0e6c1e-4a57-4c43-9d7c-2f4a1c9a0003', title: 'Ink drawing fundamentals' }),
    ];
    const html = render(items);
    expect(html).toMatch(/<h2[^>]*><a [^>]*href="\/@inesdraws"[^>]*>More from @inesdraws<\/a><\/h2>/);
    expect(html.match(/data-testid="offer-card"/g)).toHaveLength(2);
    expect(html).toContain('href="/envolvement/0b0e6c1e-4a57-4c43-9d7c-2f4a1c9a0002"');
    expect(html).toContain('href="/envolvement/0b0e6c1e-4a57-4c43-9d7c-2f4a1c9a0003"');
  });

  it('is absent when there are none', () => {
    expect(render([])).toBe('');
  });
});
