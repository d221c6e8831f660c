import type { Metadata } from 'next';
import { NewsletterLinkButton } from '@/components/marketing/newsletter-link-button';

export const metadata: Metadata = { title: 'Confirm your newsletter sign-up', robots: { index: false } };

// The page a newsletter confirmation e-mail links to: the subscription starts when its button
// is pressed, not when the link is opened.
export default async function NewsletterConfirmPage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string | string[] }>;
}) {
  const given = (await searchParams).token;
  const token = typeof given === 'string' ? given : '';
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:px-6">
      <div className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold text-ink">The Envolve newsletter</h1>
        <p className="text-slate-700">Confirm that you want the newsletter at this address.</p>
        <NewsletterLinkButton
          path="/api/newsletter/confirm"
          token={token}
          label="Confirm my subscription"
          done="You are subscribed. Every newsletter has a link to stop it."
        />
      </div>
    </div>
  );
}
