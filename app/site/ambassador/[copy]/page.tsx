import { AmbassadorForm } from '@/components/marketing/ambassador-form';
import { PageHeader } from '@/components/marketing/page-header';
import { pageMetadata } from '@/lib/seo/metadata';
import { cachedCopyOf } from '@/components/marketing/cached-copy';

export const metadata = pageMetadata('/ambassador', {
  title: 'Become an Ambassador',
  description: 'Apply to the Envolve ambassador program.',
});

function AmbassadorPage() {
  return (
    <div>
      <PageHeader title="Become an Ambassador">
        Tell us about you and your channel. Ambassadors help creators discover Envolve.
      </PageHeader>
      <div className="mx-auto max-w-3xl px-6 py-12">
        <AmbassadorForm />
      </div>
    </div>
  );
}

export { generateStaticParams } from '@/components/marketing/cached-copy';
// Served from the cache for good: it changes only with a new deployment.
export const revalidate = false;
export const dynamicParams = true;

export default cachedCopyOf(AmbassadorPage);
