import type { Metadata } from 'next';
import Link from 'next/link';
import { FeatureCard } from '@/components/marketing/feature-card';
import { HeadedSection } from '@/components/marketing/headed-section';
import { NewsletterSignUp } from '@/components/marketing/newsletter-sign-up';
import { OfferCarousel } from '@/components/marketing/offer-carousel';
import { Team } from '@/components/marketing/team';
import { JsonLd } from '@/components/seo/json-ld';
import { buttonClasses } from '@/components/ui/button';
import { heroSlides } from '@/lib/marketing/hero';
import type { HeroSlide } from '@/lib/marketing/hero-slide';
import { siteLinks } from '@/lib/marketing/site-links';
import { websiteJsonLd } from '@/lib/seo/json-ld';
import { siteCurrency } from '@/lib/stripe/config';
import { DEFAULT_OG_IMAGE } from '@/lib/seo/metadata';
import { cachedCopyOf } from '@/components/marketing/cached-copy';

export const metadata: Metadata = {
  title: { absolute: 'Envolve: engage your audience' },
  description:
    'Monetize your audience through unique interactive opportunities: commissions, crowdfunding and participation spots.',
  alternates: { canonical: '/' },
  openGraph: {
    title: 'Envolve: Engage Your Audience',
    description: 'Monetize your audience through unique interactive opportunities.',
    url: '/',
    images: [DEFAULT_OG_IMAGE],
  },
};

const FEATURES = [
  {
    title: 'Earn Revenue',
    text: 'Sell commissions, seats and experiences, or give them away to grow. You set the price and the spots.',
  },
  {
    title: 'Prosper Viewership',
    text: 'Turn viewers into participants who come back, because they are part of what you make.',
  },
  {
    title: 'Manage Events',
    text: 'Dates, spots, updates and submissions in one place, from announcement to delivery.',
  },
];

const STEPS = [
  { title: 'Set up your page', text: 'Create your account and your profile with a picture and a banner.' },
  { title: 'Create an envolvement', text: 'Describe what your audience can take part in, in four short steps.' },
  { title: 'Start earning revenue', text: 'Share it. Your audience joins, pays and sends in their submissions.' },
];

// What happened when: the plan of 2022 (soft launch, beta, launch) as it went, and the
// platform as it runs today, rebuilt from November 2026 (the repository's history).
const STORY = [
  { when: 'Summer 2022', what: 'Soft launch', text: 'The first creators opened envolvements to their audiences.' },
  { when: 'September 2022', what: 'Beta', text: 'Anyone could sign up, create and join.' },
  { when: '2023', what: 'Launch', text: 'Envolve opened to every creator.' },
  {
    when: 'November 2026',
    what: 'Rebuilt',
    text: 'Card payments, submissions, updates, comments and notifications on a new platform.',
  },
];

function Hero({ slides }: { slides: HeroSlide[] }) {
  return (
    <section className="bg-gradient-to-br from-brand-50 via-white to-pink-50">
      <div className="mx-auto grid max-w-6xl grid-cols-1 items-center gap-12 px-4 py-16 sm:px-6 lg:grid-cols-2 lg:py-24">
        <div>
          <p className="text-sm font-semibold tracking-widest text-brand-600 uppercase">Something totally different</p>
          <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-ink sm:text-5xl">Engage Your Audience</h1>
          <p className="mt-4 max-w-xl text-lg text-slate-600">
            Monetize your audience through unique interactive opportunities
          </p>
          <div className="mt-8 flex flex-wrap items-center gap-3">
            <Link href="/explore" className={buttonClasses('primary', 'lg')}>
              Explore envolvements
            </Link>
            <NewsletterSignUp />
          </div>
        </div>
        <div className="flex min-w-0 justify-center">
          <OfferCarousel slides={slides} />
        </div>
      </div>
    </section>
  );
}

function Features() {
  return (
    <HeadedSection id="features-heading" title="Why creators choose Envolve" className="mx-auto max-w-6xl px-6 py-16">
      <div className="mt-10 grid gap-6 md:grid-cols-3">
        {FEATURES.map((feature) => (
          <FeatureCard key={feature.title} {...feature} heading="h3" titleClassName="text-lg font-semibold text-ink" />
        ))}
      </div>
      <div className="mt-10 text-center">
        <Link href="/features" className={buttonClasses('secondary', 'md')}>
          See all features
        </Link>
      </div>
    </HeadedSection>
  );
}

function GetStarted() {
  return (
    <section aria-labelledby="steps-heading" className="bg-white py-16">
      <div className="mx-auto max-w-6xl px-6">
        <h2 id="steps-heading" className="text-center text-3xl font-bold text-ink">
          Get started in three steps
        </h2>
        <ol className="mt-10 grid gap-6 md:grid-cols-3">
          {STEPS.map((step, i) => (
            <li key={step.title} className="rounded-2xl bg-slate-50 p-6">
              <span className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-600 font-bold text-white">
                {i + 1}
              </span>
              <h3 className="mt-4 font-semibold text-ink">{step.title}</h3>
              <p className="mt-2 text-sm text-slate-600">{step.text}</p>
            </li>
          ))}
        </ol>
        <div className="mt-12">
          <h3 className="text-center text-sm font-semibold tracking-widest text-slate-500 uppercase">
            Our story so far
          </h3>
          <ol className="mx-auto mt-4 grid max-w-4xl gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {STORY.map((item) => (
              <li key={item.when} className="text-center">
                <p className="font-semibold text-ink">{item.what}</p>
                <p className="text-sm text-brand-700">{item.when}</p>
                <p className="mt-1 text-sm text-slate-600">{item.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </div>
    </section>
  );
}

function AmbassadorCall() {
  return (
    <section className="mx-auto max-w-6xl px-6 pb-8">
      <div className="flex flex-col items-center gap-4 rounded-3xl bg-gradient-to-r from-brand-600 to-pink-500 px-8 py-12 text-center text-white sm:flex-row sm:justify-between sm:text-left">
        <div>
          <h2 className="text-2xl font-bold">Become an Ambassador</h2>
          <p className="mt-2 text-white/90">Bring creators you love to Envolve and grow with us.</p>
        </div>
        <Link
          href="/ambassador"
          className="inline-flex h-12 items-center rounded-lg bg-white px-8 font-bold text-brand-700 shadow hover:bg-brand-50"
        >
          APPLY
        </Link>
      </div>
    </section>
  );
}

async function HomePage() {
  const slides = await heroSlides(siteCurrency());
  return (
    <div>
      <JsonLd data={websiteJsonLd()} />
      <Hero slides={slides} />
      <Features />
      <GetStarted />
      <Team links={siteLinks().people} />
      <AmbassadorCall />
    </div>
  );
}

export { generateStaticParams } from '@/components/marketing/cached-copy';
// Served from the cache, made again at most once a minute: its carousel shows the most
// joined envolvements (from the shared cache too, so a miss reads no table).
export const revalidate = 60;
export const dynamicParams = true;

export default cachedCopyOf(HomePage);
