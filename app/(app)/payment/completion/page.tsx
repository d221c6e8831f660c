import type { Metadata } from 'next';
import Link from 'next/link';
import { Completion } from '@/components/checkout/completion';
import { buttonClasses } from '@/components/ui/button';
import { receiptNote } from '@/lib/notifications/member-mail';

export const metadata: Metadata = { title: 'Payment complete', robots: { index: false } };

export default async function CompletionPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const raw = (await searchParams).payment_intent;
  const paymentIntentId = Array.isArray(raw) ? raw[0] : raw;
  return (
    <div className="px-4 py-12 sm:px-6">
      {paymentIntentId ? (
        <Completion paymentIntentId={paymentIntentId} receiptNote={receiptNote()} />
      ) : (
        <div className="text-center">
          <p className="text-lg font-semibold text-ink">No payment intent found</p>
          <Link href="/" className={buttonClasses('secondary', 'md', 'mt-6')}>
            Return to Home
          </Link>
        </div>
      )}
    </div>
  );
}
