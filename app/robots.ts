import type { MetadataRoute } from 'next';
import { siteUrl } from '@/lib/site';

// Built at request time, so that the sitemap's address follows NEXTAUTH_URL where the app
// runs rather than where it was built.
export const dynamic = 'force-dynamic';

export default function robots(): MetadataRoute.Robots {
  return {
    rules: {
      userAgent: '*',
      allow: '/',
      // Searches are pages without end, one per text: crawlers keep to the views by category.
      disallow: ['/api/', '/create', '/payment', '/login', '/account', '/explore?q=', '/explore/search', '/*&q='],
    },
    sitemap: `${siteUrl()}/sitemap.xml`,
  };
}
