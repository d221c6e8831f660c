import Link from 'next/link';
import { FeatureCard } from '@/components/marketing/feature-card';
import { PageHeader } from '@/components/marketing/page-header';
import { buttonClasses } from '@/components/ui/button';
import { pageMetadata } from '@/lib/seo/metadata';
import { cachedCopyOf } from '@/components/marketing/cached-copy';

export const metadata = pageMetadata('/features', {
  title: 'Features',
  description: 'Collaborate, Connect, Commission, Centralize and Crowdfund: what Envolve does for creators today.',
});

// Each pillar says what works today; what is not built yet says so, and promises no date.
const PILLARS: Array<{ title: string; text: string; badge?: string }> = [
  {
    title: 'Collaborate',
    text: 'Make things with your audience: members send in text, pictures and links, and you review each one.',
  },
  {
    title: 'Connect',
    text: 'Post updates to your members and let them comment; they hear of each one in Envolve and by e-mail.',
  },
  {
    title: 'Commission',
    text: 'Take commissions with a set number of spots, an end date and a review board for every request.',
  },
  { title: 'Centralize', text: 'Your envolvements, members, updates, submissions and earnings in one place.' },
  {
    title: 'Crowdfund',
    text: 'Sell spots to back your next project and keep backers posted with updates. Funding goals are not built yet.',
  },
  {
    title: 'Charity',
    text: 'A reduced fee for creators linked to a charity is an idea we have not built: today every creator pays the same fee.',
    badge: 'Not available yet',
  },
];

function FeaturesPage() {
  return (
    <div>
      <PageHeader title="Six pillars of Envolve">
        What Envolve does for creators today, and what it does not do yet.
      </PageHeader>
      <section className="mx-auto grid max-w-6xl gap-6 px-4 py-14 sm:px-6 sm:grid-cols-2 lg:grid-cols-3">
        {PILLARS.map((pillar) => (
          <FeatureCard
            key={pillar.title}
            {...pillar}
            heading="h2"
            titleClassName="text-xl font-semibold text-brand-700"
          />
        ))}
      </section>
      <section aria-labelledby="start-heading" className="mx-auto max-w-6xl px-4 pb-8 sm:px-6">
        <div className="rounded-3xl bg-white px-6 py-10 text-center shadow-sm ring-1 ring-slate-200">
          <h2 id="start-heading" className="text-2xl font-bold text-ink">
            Ready to get Envolved?
          </h2>
          <p className="mx-auto mt-2 max-w-xl text-slate-600">
            See what creators offer right now, or publish your first envolvement in four short steps.
          </p>
          <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
            <Link href="/explore" className={buttonClasses('primary', 'lg')}>
              Explore envolvements
            </Link>
            <Link href="/create" className={buttonClasses('secondary', 'lg')}>
              Create an envolvement
            </Link>
          </div>
        </div>
      </section>
    </div>
  );
}

export { generateStaticParams } from '@/components/marketing/cached-copy';
// Served from the cache for good: it changes only with a new deployment.
export const revalidate = false;
export const dynamicParams = true;

export default cachedCopyOf(FeaturesPage);
