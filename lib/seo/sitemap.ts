import 'server-only';
import { and, asc, count, countDistinct, eq, exists, max, sql } from 'drizzle-orm';
import { db } from '@/lib/db/client';
import { publishedEnvolvement as published } from '@/lib/envolvements/list';
import { MARKETING_ADDRESSES } from '@/lib/routing/marketing';
import { envolvements, users } from '@/models';
import { envolvementPath, profilePath } from './urls';

// What the sitemaps list: published envolvements (active, not removed: a draft is its
// creator's alone) and the profiles of users with at least one of them.

/** The most URLs one sitemap file may hold (sitemaps.org). */
export const SITEMAP_PAGE_SIZE = 50_000;

/** The pages at a fixed address: the marketing pages and the two lists a visitor browses. */
export const STATIC_SITEMAP_PATHS = [...Object.keys(MARKETING_ADDRESSES), '/explore', '/profile/search'];

export type SitemapRow = { id: string; lastModified: Date };

async function countPublished(): Promise<number> {
  const [row] = await db().select({ n: count() }).from(envolvements).where(published);
  return row?.n ?? 0;
}

async function countPublicProfiles(): Promise<number> {
  const [row] = await db()
    .select({ n: countDistinct(envolvements.creatorId) })
    .from(envolvements)
    .where(published);
  return row?.n ?? 0;
}

const pagesFor = (total: number, kind: string) =>
  Array.from({ length: Math.ceil(total / SITEMAP_PAGE_SIZE) }, (_, page) => `${kind}-${page}`);

/** The ids of the sitemap files: the fixed pages, then as many pages of each kind as the counts need. */
export async function listSitemapIds(): Promise<string[]> {
  const [envolvementCount, profileCount] = await Promise.all([countPublished(), countPublicProfiles()]);
  return ['pages', ...pagesFor(envolvementCount, 'envolvements'), ...pagesFor(profileCount, 'profiles')];
}

/**
 * One page of published envolvements, in primary-key order: the walk follows the key's
 * index, never a sort, and each page reads at most its own size of rows past its start.
 */
export async function listPublishedEnvolvements(page: number, size = SITEMAP_PAGE_SIZE): Promise<SitemapRow[]> {
  return db()
    .select({ id: envolvements.id, lastModified: envolvements.updatedAt })
    .from(envolvements)
    .where(published)
    .orderBy(asc(envolvements.id))
    .limit(size)
    .offset(page * size);
}

/**
 * One page of public profiles, in user-id order: each user found through the creator
 * index of envolvements, dated by their own last change or their latest published one.
 */
export async function listPublicProfiles(
  page: number,
  size = SITEMAP_PAGE_SIZE,
): Promise<Array<SitemapRow & { handle: string }>> {
  const latest = db()
    .select({ at: max(envolvements.updatedAt) })
    .from(envolvements)
    .where(and(eq(envolvements.creatorId, users.id), published));
  const hasPublished = db()
    .select({ one: sql`1` })
    .from(envolvements)
    .where(and(eq(envolvements.creatorId, users.id), published));
  const rows = await db()
    .select({
      id: users.id,
      handle: users.nickname,
      userUpdatedAt: users.updatedAt,
      latest: sql<string | Date | null>`(${latest})`,
    })
    .from(users)
    .where(exists(hasPublished))
    .orderBy(asc(users.id))
    .limit(size)
    .offset(page * size);
  return rows.map((row) => {
    const latestAt = row.latest ? new Date(row.latest) : null;
    return {
      id: row.id,
      handle: row.handle,
      lastModified: latestAt && latestAt > row.userUpdatedAt ? latestAt : row.userUpdatedAt,
    };
  });
}

type SitemapEntry = { url: string; lastModified?: Date };

/** The entries of one sitemap file by its id ('pages', 'envolvements-0', 'profiles-2'…); none for an unknown id. */
export async function buildSitemap(id: string, site: string): Promise<SitemapEntry[]> {
  if (id === 'pages') return STATIC_SITEMAP_PATHS.map((path) => ({ url: `${site}${path === '/' ? '/' : path}` }));
  const match = /^(envolvements|profiles)-(\d{1,6})$/.exec(id);
  if (!match) return [];
  const page = Number(match[2]);
  if (match[1] === 'envolvements') {
    const rows = await listPublishedEnvolvements(page);
    return rows.map((row) => ({ url: `${site}${envolvementPath(row.id)}`, lastModified: row.lastModified }));
  }
  const rows = await listPublicProfiles(page);
  return rows.map((row) => ({ url: `${site}${profilePath(row.handle)}`, lastModified: row.lastModified }));
}

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/** Where a sitemap file is served (app/sitemap/sitemap.ts with generateSitemaps). */
export function sitemapFilePath(id: string): string {
  return `/sitemap/sitemap/${id}.xml`;
}

/** The sitemap index (sitemaps.org) naming each sitemap file. */
export function sitemapIndexXml(urls: string[]): string {
  const items = urls.map((url) => `<sitemap><loc>${escapeXml(url)}</loc></sitemap>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items}\n</sitemapindex>\n`;
}
