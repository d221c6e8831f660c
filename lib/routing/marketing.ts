// The marketing pages' addresses, apart from the rest of the map (./pages.ts) and free of
// imports, so that the browser tests can list the pages from the same source as the proxy.

/** The marketing pages, by the folder of their cached copy under app/site/. */
export type MarketingPage = 'home' | 'about-us' | 'ambassador' | 'contact-us' | 'features' | 'terms-and-privacy';

export const MARKETING_ADDRESSES: Readonly<Record<string, MarketingPage>> = {
  '/': 'home',
  '/about-us': 'about-us',
  '/ambassador': 'ambassador',
  '/contact-us': 'contact-us',
  '/features': 'features',
  '/terms-and-privacy': 'terms-and-privacy',
};
