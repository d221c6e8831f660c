import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Footer } from '@/components/layout/footer';
import { Team } from '@/components/marketing/team';
import { parseSiteLinks } from '@/lib/marketing/site-links';

// SITE_LINKS: the site's accounts and the team's links, shown only when an operator set them.

describe('parseSiteLinks', () => {
  it('names no link when unset or empty', () => {
    expect(parseSiteLinks(undefined)).toEqual({ site: [], people: {} });
    expect(parseSiteLinks('')).toEqual({ site: [], people: {} });
    expect(parseSiteLinks(' , ,')).toEqual({ site: [], people: {} });
  });

  it("reads the site's links and each person's, in order, keeping an '=' inside an address", () => {
    expect(
      parseSiteLinks(
        ' Instagram = https://instagram.com/envolve ,Jordan Ellis: GitHub=https://github.com/jordanellis,' +
          'Jordan Ellis: Email=mailto:jordan@envolve.app,YouTube=https://youtube.com/watch?v=abc&t=1',
      ),
    ).toEqual({
      site: [
        { label: 'Instagram', href: 'https://instagram.com/envolve' },
        { label: 'YouTube', href: 'https://youtube.com/watch?v=abc&t=1' },
      ],
      people: {
        'Jordan Ellis': [
          { label: 'GitHub', href: 'https://github.com/jordanellis' },
          { label: 'Email', href: 'mailto:jordan@envolve.app' },
        ],
      },
    });
  });

  it('leaves out entries that are not a label and an http(s) or mailto address', () => {
    const parsed = parseSiteLinks(
      'NoAddress,=https://x.example,Empty=,Script=javascript:alert(1),Data=data:text/html;base64,eA==,' +
        'Relative=/about-us,Ftp=ftp://x.example,Jordan Ellis: =https://x.example,Good=http://ok.example',
    );
    expect(parsed).toEqual({ site: [{ label: 'Good', href: 'http://ok.example/' }], people: {} });
  });

  it('cuts a label to 60 characters', () => {
    expect(parseSiteLinks(`${'a'.repeat(61)}=https://x.example`).site[0]!.label).toBe('a'.repeat(60));
  });
});

const html = (element: React.ReactElement) => renderToStaticMarkup(element);

describe('what the pages show', () => {
  it('the footer has no Follow us column, and no link to another site, without SITE_LINKS', () => {
    const shown = html(createElement(Footer, { socialLinks: parseSiteLinks(undefined).site }));
    expect(shown).not.toContain('Follow us');
    expect(shown).not.toMatch(/href="https?:/);
    expect(shown).toContain('Privacy Policy');
  });

  it("the footer lists the site's links under Follow us, opened in a new tab", () => {
    const shown = html(createElement(Footer, { socialLinks: parseSiteLinks('Twitch=https://twitch.tv/envolve').site }));
    expect(shown).toContain('Follow us');
    expect(shown).toContain('href="https://twitch.tv/envolve" target="_blank" rel="noopener noreferrer"');
  });

  it('the team cards carry no links unless set, and only their own person’s', () => {
    const bare = html(createElement(Team, { links: {} }));
    expect(bare).toContain('Jordan Ellis');
    expect(bare).not.toContain('href=');
    expect(bare).not.toContain('github.com');
    expect(bare).not.toContain('linkedin.com');

    const { people } = parseSiteLinks(
      'Priya Raman: LinkedIn=https://www.linkedin.com/in/priyaraman,Priya Raman: Email=mailto:priya@envolve.app',
    );
    const shown = html(createElement(Team, { links: people }));
    expect(shown.match(/href=/g)).toHaveLength(2);
    expect(shown).toContain('href="https://www.linkedin.com/in/priyaraman" target="_blank"');
    // An e-mail address opens the mail program in place, not a tab.
    expect(shown).toContain('href="mailto:priya@envolve.app" class=');
  });
});
