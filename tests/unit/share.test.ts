import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ShareButton } from '@/components/share/share-button';
import { shareTargets } from '@/lib/share/links';

describe('sharing a page', () => {
  const shared = { url: 'https://envolve.example/@maya_chen', title: 'Maya Chen (@maya_chen) & friends' };

  it('offers a mail and the major networks, each its own share address with the page encoded', () => {
    const targets = shareTargets(shared);
    expect(targets.map((target) => target.name)).toEqual([
      'E-mail',
      'X',
      'Facebook',
      'LinkedIn',
      'Bluesky',
      'WhatsApp',
      'Reddit',
    ]);
    const url = encodeURIComponent(shared.url);
    expect(targets[0]!.href).toBe(
      `mailto:?subject=Maya%20Chen%20(%40maya_chen)%20%26%20friends&body=${encodeURIComponent(`${shared.title}\n`)}${url}`,
    );
    for (const target of targets.slice(1)) {
      expect(new URL(target.href).protocol).toBe('https:');
      // The address and the title arrive whole, whatever they hold.
      expect(decodeURIComponent(target.href)).toContain(shared.url);
      expect(target.href).not.toContain('&friends');
    }
  });

  it('draws a Share button and no menu until it is pressed, with no script of another site', () => {
    const html = renderToStaticMarkup(createElement(ShareButton, { path: '/@maya_chen', title: shared.title }));
    expect(html).toMatch(/<button type="button"[^>]*aria-expanded="false"[^>]*>.*Share<\/button>/);
    expect(html).not.toContain('share-panel');
    expect(html).not.toContain('<input');
    expect(html).not.toContain('<script');
  });
});
