import type { ReactNode } from 'react';
import { PageHeader } from '@/components/marketing/page-header';
import { pageMetadata } from '@/lib/seo/metadata';
import { cachedCopyOf } from '@/components/marketing/cached-copy';

export const metadata = pageMetadata('/terms-and-privacy', {
  title: 'Terms & Privacy',
  description:
    'The terms of use and the privacy policy of Envolve: accounts, payments, refunds, content and your data.',
});

const CONTACT = (
  <a href="mailto:hello@envolve.app" className="font-semibold text-brand-700 underline">
    hello@envolve.app
  </a>
);

type Clause = { title: string; text: ReactNode };

const TERMS: Clause[] = [
  {
    title: 'What Envolve is',
    text: 'Envolve is a platform where creators publish envolvements (commissions, live seats, crowdfunding, votes and other ways to take part) and their audience joins them, for free or for a price the creator sets. Envolve runs the platform; the creator makes and delivers what each envolvement promises.',
  },
  {
    title: 'Your account',
    text: 'You sign in with an e-mail address and a password, or with a sign-in provider we offer. Keep your password to yourself: what is done with your account is your responsibility. The name, nickname and pictures on your profile are public.',
  },
  {
    title: 'Creators',
    text: 'A creator describes each envolvement honestly (what is offered, how many spots, which dates) and delivers it to everyone who joined. Creators answer for what they publish, for the submissions they ask for and for following the laws that apply to them, including taxes on what they earn.',
  },
  {
    title: 'Payments and refunds',
    text: 'Paid envolvements are paid by card through Stripe; Envolve never sees or stores card numbers. The creator is paid through Stripe, less the platform fee that Envolve keeps. If a spot cannot be given to you after you paid, for example because the last one was taken a moment earlier, the payment is refunded in full. A creator may refund a member at any time. If an envolvement is not delivered, write to the creator first and to us if that does not help.',
  },
  {
    title: 'Content and submissions',
    text: 'What you publish or submit (texts, pictures, links) stays yours. You allow Envolve to store it and to show it to the people it is meant for: everyone for a public envolvement, the creator and members for updates and submissions. Publish only what you have the right to publish.',
  },
  {
    title: 'Acceptable use',
    text: 'No unlawful, hateful, sexual or violent content involving minors, harassment, spam, fraud, or content that infringes the rights of others; no attempts to break, overload or get around the security of the service. We may remove content and close accounts that break these rules, and refund the members affected.',
  },
  {
    title: 'Changes',
    text: 'We may change these terms as the product grows. We will say so on this page with the date of the change; using Envolve after that means you accept the new terms.',
  },
];

const PRIVACY: Clause[] = [
  {
    title: 'What we keep',
    text: 'Your account (name, nickname, profile picture and banner), your e-mail address, your password as a one-way hash (never the password itself), the envolvements you create, what you join and buy (the amount, the date and the Stripe payment reference), the files you upload, your updates and submissions, and what you send through the waitlist or the ambassador form.',
  },
  {
    title: 'Why',
    text: 'Only to run Envolve: to sign you in, show your profile and envolvements, give members access to what they joined, pay creators, answer you, and keep the service safe. We do not sell your data and we show no advertising.',
  },
  {
    title: 'Who else sees it',
    text: 'Stripe handles card payments and creator payouts under its own privacy policy. Uploaded pictures may be stored with our image host. Creators see who joined their envolvements and what those members submitted to them.',
  },
  {
    title: 'Cookies',
    text: 'Envolve uses cookies for the session only: to keep you signed in and to protect the sign-in form. There are no tracking or advertising cookies.',
  },
  {
    title: 'Your choices',
    text: (
      <>
        You can change your profile at any time, and ask us for a copy of your data or for the deletion of your account
        at {CONTACT}. Payment records are kept as long as the law requires, even after an account is deleted.
      </>
    ),
  },
];

function Clauses({ id, title, clauses }: { id: string; title: string; clauses: Clause[] }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-20">
      <h2 id={`${id}-heading`} className="text-2xl font-bold text-ink">
        {title}
      </h2>
      <div className="mt-6 space-y-6">
        {clauses.map((clause) => (
          <div key={clause.title}>
            <h3 className="font-semibold text-ink">{clause.title}</h3>
            <p className="mt-1 text-slate-700">{clause.text}</p>
          </div>
        ))}
      </div>
    </section>
  );
}

function TermsAndPrivacyPage() {
  return (
    <div>
      <PageHeader title="Terms & Conditions and Privacy Policy">
        The rules for using Envolve, and what we do with your data. Short on purpose.
      </PageHeader>
      <div className="mx-auto max-w-3xl space-y-14 px-4 py-12 sm:px-6">
        <Clauses id="terms" title="Terms & Conditions" clauses={TERMS} />
        <Clauses id="privacy" title="Privacy Policy" clauses={PRIVACY} />
        <section aria-labelledby="contact-heading">
          <h2 id="contact-heading" className="text-2xl font-bold text-ink">
            Contact
          </h2>
          <p className="mt-3 text-slate-700">Questions about these terms or your data: write to us at {CONTACT}.</p>
        </section>
      </div>
    </div>
  );
}

export { generateStaticParams } from '@/components/marketing/cached-copy';
// Served from the cache for good: it changes only with a new deployment.
export const revalidate = false;
export const dynamicParams = true;

export default cachedCopyOf(TermsAndPrivacyPage);
