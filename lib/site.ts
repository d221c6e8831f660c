/** The public origin of the site, for absolute links in metadata, sitemaps and Stripe return URLs. */
export function siteUrl(): string {
  return (process.env.NEXTAUTH_URL || process.env.SITE_URL || 'http://localhost:3000').replace(/\/+$/, '');
}
