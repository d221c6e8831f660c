// Where each marketing page is reached, and the name of its cached copy
// (`/site/<name>/cached`, see ./cached-copy.tsx): the proxy reads this without loading the
// pages themselves.

export type MarketingPage = 'home' | 'about-us' | 'ambassador' | 'contact-us' | 'features' | 'terms-and-privacy';

export const MARKETING_ADDRESSES: Readonly<Record<string, MarketingPage>> = {
  '/': 'home',
  '/about-us': 'about-us',
  '/ambassador': 'ambassador',
  '/contact-us': 'contact-us',
  '/features': 'features',
  '/terms-and-privacy': 'terms-and-privacy',
};
