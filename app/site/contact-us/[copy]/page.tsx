import Link from 'next/link';
import { buttonClasses } from '@/components/ui/button';
import { pageMetadata } from '@/lib/seo/metadata';
import { cachedCopyOf } from '@/components/marketing/cached-copy';

export const metadata = pageMetadata('/contact-us', {
  title: 'Contact Us',
  description: 'Questions, comments or ideas: write to the Envolve team.',
});

function ContactUsPage() {
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center px-6 py-24 text-center">
      <h1 className="text-4xl font-extrabold tracking-tight text-ink">Question? Comment? Want to be Envolved?</h1>
      <p className="mt-4 text-lg text-slate-600">
        Write to us at{' '}
        <a href="mailto:hello@envolve.app" className="font-semibold text-brand-700 hover:underline">
          hello@envolve.app
        </a>
        . We usually answer within two working days.
      </p>
      <Link href="/" className={buttonClasses('secondary', 'md', 'mt-10')}>
        Back to the homepage
      </Link>
    </div>
  );
}

export { generateStaticParams } from '@/components/marketing/cached-copy';
// Served from the cache for good: it changes only with a new deployment.
export const revalidate = false;
export const dynamicParams = true;

export default cachedCopyOf(ContactUsPage);
