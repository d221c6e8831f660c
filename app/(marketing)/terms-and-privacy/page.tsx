import type { Metadata } from 'next';
import { PageHeader } from '@/components/marketing/page-header';

export const metadata: Metadata = {
  title: 'Terms & Privacy',
  description: 'The terms and privacy policy of Envolve.',
  alternates: { canonical: '/terms-and-privacy' },
};

export default function TermsAndPrivacyPage() {
  return (
    <div>
      <PageHeader title="Terms & Conditions and Privacy Policy">
        Our full terms and privacy policy are being written and will be published here soon.
      </PageHeader>
      <section className="mx-auto max-w-3xl px-6 py-12 text-slate-700">
        <p>
          In short, until then: we store what you give us to run the service (your account, your envolvements, your
          purchases and submissions), card details are handled by Stripe and never reach our servers, and you can ask us
          to delete your account at any time at{' '}
          <a href="mailto:hello@envolve.app" className="font-semibold text-brand-700 hover:underline">
            hello@envolve.app
          </a>
          .
        </p>
      </section>
    </div>
  );
}
