import type { Metadata } from 'next';
import { NewsletterLinkButton } from '@/components/marketing/newsletter-link-button';

export const metadata: Metadata = { title: 'Unsubscribe from the newsletter', robots: { index: false } };

// The page a newsletter's 'Unsubscribe' link opens: no sign-in needed, the link's signed
// token says whose subscription it is.
export default async function NewsletterUnsubscribePage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string | string[] }>;
}) {
  const given = (await searchParams).token;
  const token = typeof given === 'string' ? given : '';
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:px-6">
      <div className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold text-ink">Unsubscribe</h1>
        <p className="text-slate-700">Stop getting the Envolve newsletter?</p>
        <NewsletterLinkButton
          path="/api/newsletter/unsubscribe"
          token={token}
          label="Unsubscribe"
          done="Done: you will get no more newsletters."
        />
      </div>
    </div>
  );
}
