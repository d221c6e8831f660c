import HomePage from '@/components/marketing/pages/home';
import { cachedCopyOf } from '@/components/marketing/pages/cached-copy';

export { metadata } from '@/components/marketing/pages/home';
export { generateStaticParams } from '@/components/marketing/pages/cached-copy';
// Served from the cache for good: it changes only with a new deployment.
export const revalidate = false;
export const dynamicParams = true;

export default cachedCopyOf(HomePage);
