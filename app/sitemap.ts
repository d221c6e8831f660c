import type { MetadataRoute } from 'next';
import { desc, isNull } from 'drizzle-orm';
import { db } from '@/lib/db/client';
import { siteUrl } from '@/lib/site';
import { envolvements } from '@/models';

export const dynamic = 'force-dynamic';

const STATIC_PATHS = ['/', '/features', '/about-us', '/contact-us', '/ambassador', '/explore', '/terms-and-privacy'];

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const base = siteUrl();
  const rows = await db()
    .select({ id: envolvements.id, updatedAt: envolvements.updatedAt })
    .from(envolvements)
    .where(isNull(envolvements.archivedAt))
    .orderBy(desc(envolvements.updatedAt))
    .limit(5000);
  return [
    ...STATIC_PATHS.map((path) => ({ url: `${base}${path}` })),
    ...rows.map((row) => ({ url: `${base}/envolvement/${row.id}`, lastModified: row.updatedAt })),
  ];
}
