import type { MetadataRoute } from 'next';
import { PHASE_PRODUCTION_BUILD } from 'next/constants';
import { buildSitemap, listSitemapIds } from '@/lib/seo/sitemap';
import { siteUrl } from '@/lib/site';

// Built at request time: the site's address (NEXTAUTH_URL) and the listed envolvements
// are read when a crawler asks, not when the app is built. The index is /sitemap.xml
// (app/sitemap.xml/route.ts): Next serves no index for generateSitemaps, and a sitemap.ts
// at the root of app/ would take that path.
export const dynamic = 'force-dynamic';

export async function generateSitemaps() {
  // Next also asks while building, to prerender them; they are only ever built on request,
  // and the database may not exist where the app is built.
  if (process.env.NEXT_PHASE === PHASE_PRODUCTION_BUILD) return [];
  return (await listSitemapIds()).map((id) => ({ id }));
}

// GET /sitemap/sitemap/{id}.xml: one sitemap file of at most 50,000 URLs
export default async function sitemap({ id }: { id: Promise<string> }): Promise<MetadataRoute.Sitemap> {
  return buildSitemap(await id, siteUrl());
}
