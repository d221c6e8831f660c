import { listSitemapIds, sitemapFilePath, sitemapIndexXml } from '@/lib/seo/sitemap';
import { siteUrl } from '@/lib/site';

export const dynamic = 'force-dynamic';

// GET /sitemap.xml: the sitemap index, one entry per sitemap file, on the configured site
export async function GET() {
  const site = siteUrl();
  const ids = await listSitemapIds();
  return new Response(sitemapIndexXml(ids.map((id) => `${site}${sitemapFilePath(id)}`)), {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': 'public, max-age=0, must-revalidate',
    },
  });
}
