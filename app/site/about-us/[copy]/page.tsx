import { PageHeader } from '@/components/marketing/page-header';
import { Team } from '@/components/marketing/team';
import { siteLinks } from '@/lib/marketing/site-links';
import { pageMetadata } from '@/lib/seo/metadata';
import { cachedCopyOf } from '@/components/marketing/cached-copy';

export const metadata = pageMetadata('/about-us', { title: 'About Us', description: 'Who builds Envolve and why.' });

function AboutUsPage() {
  return (
    <div>
      <PageHeader title="About Us">
        Envolve started with a simple idea: audiences want to take part, not only watch. We build the place where
        creators offer commissions, seats and projects, and where their audience joins them.
      </PageHeader>
      <section className="mx-auto max-w-3xl space-y-4 px-6 py-12 text-slate-700">
        <p>
          Creators already run commissions in direct messages, crowdfunding in spreadsheets and community events in chat
          threads. Envolve brings these together: clear spots and dates, one-click joining, card payments, updates and a
          review board for what the audience sends in.
        </p>
        <p>
          We are a small team, and we answer every message. Tell us what you would like to build with your audience.
        </p>
      </section>
      <Team links={siteLinks().people} />
    </div>
  );
}

export { generateStaticParams } from '@/components/marketing/cached-copy';
// Served from the cache for good: it changes only with a new deployment.
export const revalidate = false;
export const dynamicParams = true;

export default cachedCopyOf(AboutUsPage);
