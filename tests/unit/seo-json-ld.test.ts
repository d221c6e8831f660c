import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { JsonLd } from '@/components/seo/json-ld';
import { breadcrumbList, envolvementJsonLd, offerAvailability, profileJsonLd, websiteJsonLd } from '@/lib/seo/json-ld';
import { cardFacts } from '@/lib/seo/card-facts';
import { exploreCanonical } from '@/lib/seo/metadata';
import { parseExploreParams } from '@/lib/validation/explore';

const SITE = 'https://envolve.example';
const now = new Date('2026-03-10T12:00:00Z');
const at = (hours: number) => new Date(now.getTime() + hours * 3_600_000).toISOString();
const ID = '0b0e6c1e-4a57-4c43-9d7c-2f4a1c9a0001';

type Listed = Parameters<typeof envolvementJsonLd>[0];

function listed(overrides: Partial<Listed> = {}): Listed {
  return {
    _id: ID,
    title: 'Portrait commission',
    previewText: 'A hand-drawn portrait of you.',
    imgUrl: '',
    categories: ['Art'],
    priceCents: 0,
    currency: 'usd',
    active: true,
    removed: false,
    username: 'inesdraws',
    creatorName: 'Inès Duarte',
    userID: 'local|creator-1',
    datePublished: '2026-03-01T00:00:00.000Z',
    endDate: { endDate: null, none: true },
    quantity: { quantity: 0, unlimited: true, currentEnvolves: 0 },
    ...overrides,
  };
}

const limited = (quantity: number, currentEnvolves: number) => ({ quantity, unlimited: false, currentEnvolves });
const graphOf = (doc: ReturnType<typeof envolvementJsonLd>) => (doc?.['@graph'] ?? []) as Record<string, unknown>[];
const offerOf = (doc: ReturnType<typeof envolvementJsonLd>) => graphOf(doc)[0]!.offers as Record<string, unknown>;

describe('offer availability', () => {
  it('is InStock with spots left (or unlimited) and no end, or an end still ahead', () => {
    expect(offerAvailability(listed(), now)).toBe('InStock');
    expect(offerAvailability(listed({ quantity: limited(3, 2) }), now)).toBe('InStock');
    expect(offerAvailability(listed({ endDate: { endDate: at(1), none: false } }), now)).toBe('InStock');
  });

  it('is SoldOut when the last spot is taken', () => {
    expect(offerAvailability(listed({ quantity: limited(3, 3) }), now)).toBe('SoldOut');
    expect(offerAvailability(listed({ quantity: limited(0, 0) }), now)).toBe('SoldOut');
  });

  it('is Discontinued once the end date has passed, or when its creator removed it, sold out or not', () => {
    expect(offerAvailability(listed({ endDate: { endDate: at(-1), none: false } }), now)).toBe('Discontinued');
    expect(offerAvailability(listed({ removed: true }), now)).toBe('Discontinued');
    expect(offerAvailability(listed({ removed: true, quantity: limited(1, 1) }), now)).toBe('Discontinued');
  });

  it('follows the badge where an ended offer is also full: SoldOut, as its card and checkout say', () => {
    expect(offerAvailability(listed({ quantity: limited(1, 1), endDate: { endDate: at(-1), none: false } }), now)).toBe(
      'SoldOut',
    );
  });
});

describe('the envolvement JSON-LD', () => {
  it('is a Product with an Offer in dollars (USD) sold by its creator, and its breadcrumbs', () => {
    const doc = envolvementJsonLd(
      listed({
        priceCents: 4999,
        imgUrl: '/uploads/cover.png',
        categories: ['Art', 'Music'],
        quantity: limited(10, 4),
        endDate: { endDate: at(48), none: false },
      }),
      { site: SITE, now },
    );
    const url = `${SITE}/envolvement/${ID}`;
    expect(doc).toEqual({
      '@context': 'https://schema.org',
      '@graph': [
        {
          '@type': 'Product',
          '@id': `${url}#product`,
          name: 'Portrait commission',
          description: 'A hand-drawn portrait of you.',
          url,
          image: `${SITE}/uploads/cover.png`,
          category: 'Art, Music',
          releaseDate: '2026-03-01T00:00:00.000Z',
          offers: {
            '@type': 'Offer',
            url,
            price: 49.99,
            priceCurrency: 'USD',
            availability: 'https://schema.org/InStock',
            validThrough: at(48),
            seller: { '@type': 'Person', name: 'Inès Duarte', url: `${SITE}/@inesdraws` },
          },
        },
        {
          '@type': 'BreadcrumbList',
          itemListElement: [
            { '@type': 'ListItem', position: 1, name: 'Home', item: `${SITE}/` },
            { '@type': 'ListItem', position: 2, name: 'Explore', item: `${SITE}/explore` },
            { '@type': 'ListItem', position: 3, name: 'Portrait commission', item: url },
          ],
        },
      ],
    });
  });

  it('prices a free envolvement at 0 and keeps an image that is already absolute', () => {
    const doc = envolvementJsonLd(listed({ imgUrl: 'https://img.example/a.png' }), { site: SITE, now });
    expect(offerOf(doc)).toMatchObject({ price: 0, priceCurrency: 'USD' });
    expect(offerOf(doc)).not.toHaveProperty('validThrough');
    expect(graphOf(doc)[0]!.image).toBe('https://img.example/a.png');
  });

  it('says SoldOut and Discontinued in the offer as the rules do', () => {
    const soldOut = envolvementJsonLd(listed({ quantity: limited(1, 1) }), { site: SITE, now });
    expect(offerOf(soldOut).availability).toBe('https://schema.org/SoldOut');
    const ended = envolvementJsonLd(listed({ endDate: { endDate: at(-2), none: false } }), { site: SITE, now });
    expect(offerOf(ended).availability).toBe('https://schema.org/Discontinued');
  });

  it('describes no draft', () => {
    expect(envolvementJsonLd(listed({ active: false }), { site: SITE, now })).toBeNull();
  });
});

describe('the profile, site and breadcrumb JSON-LD', () => {
  it('a profile is a ProfilePage about a Person: name, @handle, picture, bio, links and envolvements', () => {
    const user = {
      id: 'auth0|abc',
      name: 'Maya Chen',
      nickname: 'mayacreates',
      picture: '/uploads/maya.png',
      bio: 'Painter.\nStreams on Fridays.',
      links: ['https://github.com/maya', 'https://maya.art'],
    };
    const url = `${SITE}/@mayacreates`;
    expect(profileJsonLd(user, { envolvements: 3 }, { site: SITE })).toEqual({
      '@context': 'https://schema.org',
      '@graph': [
        {
          '@type': 'ProfilePage',
          url,
          name: 'Maya Chen (@mayacreates) on Envolve',
          mainEntity: {
            '@type': 'Person',
            '@id': `${url}#person`,
            name: 'Maya Chen',
            alternateName: '@mayacreates',
            url,
            image: `${SITE}/uploads/maya.png`,
            description: 'Painter.\nStreams on Fridays.',
            sameAs: ['https://github.com/maya', 'https://maya.art'],
            agentInteractionStatistic: {
              '@type': 'InteractionCounter',
              interactionType: 'https://schema.org/WriteAction',
              userInteractionCount: 3,
            },
          },
        },
        breadcrumbList(
          [
            { name: 'Home', path: '/' },
            { name: 'Maya Chen', path: '/@mayacreates' },
          ],
          SITE,
        ),
      ],
    });
  });

  it('a bare profile names no picture, bio or links, and never an e-mail address given as the name', () => {
    const user = {
      id: 'auth0|xyz',
      name: 'sam@example.com',
      nickname: 'sam_2048',
      picture: null,
      bio: null,
      links: [],
    };
    const url = `${SITE}/@sam_2048`;
    const document = profileJsonLd(user, null, { site: SITE });
    expect(document['@graph']).toEqual([
      {
        '@type': 'ProfilePage',
        url,
        name: 'sam_2048 on Envolve',
        mainEntity: { '@type': 'Person', '@id': `${url}#person`, name: 'sam_2048', alternateName: '@sam_2048', url },
      },
      breadcrumbList(
        [
          { name: 'Home', path: '/' },
          { name: 'sam_2048', path: '/@sam_2048' },
        ],
        SITE,
      ),
    ]);
    expect(JSON.stringify(document)).not.toContain('example.com');
  });

  it('the site offers Explore as its search action', () => {
    expect(websiteJsonLd({ site: SITE })).toEqual({
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: 'Envolve',
      url: `${SITE}/`,
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: `${SITE}/explore?q={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    });
  });

  it('the block cannot be closed early by a title', () => {
    const doc = envolvementJsonLd(listed({ title: '</script><script>alert(1)</script>' }), { site: SITE, now });
    const html = renderToStaticMarkup(createElement(JsonLd, { data: doc }));
    expect(html.startsWith('<script type="application/ld+json">')).toBe(true);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    const json = html.slice('<script type="application/ld+json">'.length, -'</script>'.length);
    expect(JSON.parse(json)).toEqual(doc);
    expect(renderToStaticMarkup(createElement(JsonLd, { data: null }))).toBe('');
  });
});

describe("Explore's canonical address", () => {
  it('keeps the search text and known categories, drops everything else', () => {
    const canonical = (raw: Record<string, string | string[]>) => exploreCanonical(parseExploreParams(raw));
    expect(canonical({})).toBe('/explore');
    expect(canonical({ view: 'all', utm_source: 'x', cursor: 'abc' })).toBe('/explore');
    expect(canonical({ q: '  watercolor portraits ', utm_source: 'x' })).toBe('/explore?q=watercolor+portraits');
    expect(canonical({ q: 'a&b', category: ['Music', 'Nope', 'Art'] })).toBe(
      '/explore?q=a%26b&category=Art&category=Music',
    );
  });
});

describe('the facts on a share image', () => {
  const row = { priceCents: 0, currency: 'usd', quantity: 0, unlimited: true, currentCount: 0, endDate: null };
  const inHours = (hours: number) => new Date(now.getTime() + hours * 3_600_000);

  it('states the price, the spots and the time left as the page does', () => {
    expect(cardFacts(row, now)).toEqual(['Free', 'Unlimited']);
    expect(cardFacts({ ...row, priceCents: 1250, unlimited: false, quantity: 10, currentCount: 7 }, now)).toEqual([
      '$12.50',
      '3 of 10 spots left',
    ]);
    expect(cardFacts({ ...row, endDate: inHours(3 * 24 + 1) }, now)).toEqual(['Free', 'Unlimited', '3 days left']);
    expect(cardFacts({ ...row, endDate: inHours(25) }, now)[2]).toBe('1 day left');
    expect(cardFacts({ ...row, endDate: inHours(2) }, now)[2]).toBe('Ends today');
  });

  it('says Sold out and Ended', () => {
    expect(cardFacts({ ...row, unlimited: false, quantity: 2, currentCount: 2, endDate: inHours(-1) }, now)).toEqual([
      'Free',
      'Sold out',
      'Ended',
    ]);
  });
});
