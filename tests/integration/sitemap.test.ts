import { afterEach, describe, expect, it } from 'vitest';
import robots from '@/app/robots';
import sitemap, { generateSitemaps } from '@/app/sitemap/sitemap';
import { GET as getSitemapIndex } from '@/app/sitemap.xml/route';
import { listPublicProfiles, listPublishedEnvolvements } from '@/lib/seo/sitemap';
import { useTestDatabase } from '../helpers/db';
import { createEnvolvement, createUser } from '../factories';

useTestDatabase();

const SITE = 'https://envolve.example';
const page = (id: string) => sitemap({ id: Promise.resolve(id) });

describe('robots.txt and the sitemaps', () => {
  const saved = process.env.NEXTAUTH_URL;
  afterEach(() => {
    // Assigning undefined would store the string 'undefined'.
    if (saved === undefined) delete process.env.NEXTAUTH_URL;
    else process.env.NEXTAUTH_URL = saved;
  });

  it('robots.txt names the sitemap index on the site configured when it is asked, not when it was built', () => {
    process.env.NEXTAUTH_URL = 'https://first.example/';
    expect(robots().sitemap).toBe('https://first.example/sitemap.xml');
    process.env.NEXTAUTH_URL = `${SITE}/`;
    expect(robots()).toEqual({
      rules: {
        userAgent: '*',
        allow: '/',
        disallow: ['/api/', '/create', '/payment', '/login', '/account', '/explore?q=', '/explore/search', '/*&q='],
      },
      sitemap: `${SITE}/sitemap.xml`,
    });
  });

  it('the index names one file for the fixed pages and none for envolvements or profiles when nothing is published', async () => {
    process.env.NEXTAUTH_URL = SITE;
    const creator = await createUser();
    await createEnvolvement(creator.id, { isActive: false });
    expect(await generateSitemaps()).toEqual([{ id: 'pages' }]);
    const response = await getSitemapIndex();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(await response.text()).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
        '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        `<sitemap><loc>${SITE}/sitemap/sitemap/pages.xml</loc></sitemap>\n` +
        '</sitemapindex>\n',
    );
  });

  it('lists published envolvements and the profiles of their creators with lastmod, never drafts or removed ones', async () => {
    process.env.NEXTAUTH_URL = `${SITE}/`;
    const creator = await createUser();
    const draftsOnly = await createUser();
    await createUser(); // has nothing published: no profile entry
    const listed = await createEnvolvement(creator.id, { updatedAt: new Date('2026-02-01T00:00:00Z') });
    await createEnvolvement(creator.id, { isActive: false, updatedAt: new Date('2026-03-01T00:00:00Z') });
    await createEnvolvement(creator.id, { archivedAt: new Date(), updatedAt: new Date('2026-03-02T00:00:00Z') });
    await createEnvolvement(draftsOnly.id, { isActive: false });

    expect(await generateSitemaps()).toEqual([{ id: 'pages' }, { id: 'envolvements-0' }, { id: 'profiles-0' }]);
    expect(await page('envolvements-0')).toEqual([
      { url: `${SITE}/envolvement/${listed.id}`, lastModified: new Date('2026-02-01T00:00:00Z') },
    ]);
    const profiles = await page('profiles-0');
    expect(profiles).toHaveLength(1);
    // At the address people can say: the handle's.
    expect(profiles[0]!.url).toBe(`${SITE}/@${creator.nickname}`);
    // The later of the user's own change (now, at creation) and their latest published envolvement.
    expect(profiles[0]!.lastModified).toBeInstanceOf(Date);

    const index = await (await getSitemapIndex()).text();
    for (const id of ['pages', 'envolvements-0', 'profiles-0'])
      expect(index).toContain(`${SITE}/sitemap/sitemap/${id}.xml`);
  });

  it('dates a profile by its latest published envolvement when that is newer than the user', async () => {
    process.env.NEXTAUTH_URL = SITE;
    const creator = await createUser();
    const future = new Date(Date.now() + 60 * 60 * 1000);
    await createEnvolvement(creator.id, { updatedAt: new Date('2020-01-01T00:00:00Z') });
    await createEnvolvement(creator.id, { updatedAt: future });
    expect(await page('profiles-0')).toEqual([{ url: `${SITE}/@${creator.nickname}`, lastModified: future }]);
  });

  it('the fixed pages file lists the public pages; an unknown or out-of-range file lists nothing', async () => {
    process.env.NEXTAUTH_URL = SITE;
    // In no particular order: a sitemap's order means nothing.
    const urls = (await page('pages')).map((entry) => entry.url).sort();
    expect(urls).toEqual(
      ['/', '/features', '/about-us', '/contact-us', '/ambassador', '/explore', '/terms-and-privacy', '/profile/search']
        .map((path) => `${SITE}${path}`)
        .sort(),
    );
    const creator = await createUser();
    await createEnvolvement(creator.id);
    expect(await page('envolvements-1')).toEqual([]);
    expect(await page('nonsense')).toEqual([]);
    expect(await page('envolvements-99999999')).toEqual([]);
  });

  it('pages split at the page size, in key order, each row in exactly one page', async () => {
    const creators = [await createUser(), await createUser(), await createUser()];
    for (const creator of creators) {
      await createEnvolvement(creator.id);
      await createEnvolvement(creator.id);
    }
    const envolvementPages = [0, 1, 2, 3].map((n) => listPublishedEnvolvements(n, 2));
    const seen = (await Promise.all(envolvementPages)).map((rows) => rows.map((row) => row.id));
    expect(seen.map((ids) => ids.length)).toEqual([2, 2, 2, 0]);
    expect(new Set(seen.flat()).size).toBe(6);
    expect(seen.flat()).toEqual([...seen.flat()].sort());
    const profilePages = await Promise.all([0, 1].map((n) => listPublicProfiles(n, 2)));
    expect(profilePages.map((rows) => rows.length)).toEqual([2, 1]);
    expect(profilePages.flat().map((row) => row.id)).toEqual(creators.map((c) => c.id).sort());
  });
});
