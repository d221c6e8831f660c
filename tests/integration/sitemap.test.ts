import { afterEach, describe, expect, it } from 'vitest';
import sitemap from '@/app/sitemap';
import { useTestDatabase } from '../helpers/db';
import { createEnvolvement, createUser } from '../factories';

useTestDatabase();

describe('the sitemap', () => {
  const saved = process.env.NEXTAUTH_URL;
  afterEach(() => {
    process.env.NEXTAUTH_URL = saved;
  });

  it('lists the public pages and every envolvement, latest change first, on the configured site', async () => {
    process.env.NEXTAUTH_URL = 'https://envolve.example/';
    const creator = await createUser();
    const older = await createEnvolvement(creator.id, { updatedAt: new Date('2026-01-01T00:00:00Z') });
    const newer = await createEnvolvement(creator.id, { updatedAt: new Date('2026-02-01T00:00:00Z') });
    const entries = await sitemap();
    const urls = entries.map((entry) => entry.url);
    for (const path of [
      '/',
      '/features',
      '/about-us',
      '/contact-us',
      '/ambassador',
      '/explore',
      '/terms-and-privacy',
    ]) {
      expect(urls).toContain(`https://envolve.example${path}`);
    }
    const listed = entries.filter((entry) => entry.url.includes('/envolvement/'));
    expect(listed).toEqual([
      { url: `https://envolve.example/envolvement/${newer.id}`, lastModified: new Date('2026-02-01T00:00:00Z') },
      { url: `https://envolve.example/envolvement/${older.id}`, lastModified: new Date('2026-01-01T00:00:00Z') },
    ]);
  });
});
