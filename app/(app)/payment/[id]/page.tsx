import type { Metadata } from 'next';
import Link from 'next/link';
import { CardPayment } from '@/components/checkout/card-payment';
import { CheckoutNotice } from '@/components/checkout/checkout-panel';
import { FreeClaim } from '@/components/checkout/free-claim';
import { CoverImage } from '@/components/envolvement/cover-image';
import { buttonClasses } from '@/components/ui/button';
import { PageNotice } from '@/components/ui/notice';
import { getViewer } from '@/lib/auth/viewer';
import { getEnvolvementForViewer } from '@/lib/envolvements/queries';
import { CHECKOUT_REFUSALS, formatPrice, profileSlug, REMOVED_MESSAGE } from '@/lib/envolvements/rules';
import type { EnvolvementDto } from '@/lib/envolvements/types';
import { ENVOLVEMENT_NOT_FOUND, getCheckoutState } from '@/lib/payments/grant';
import { CARD_PAYMENTS_UNAVAILABLE } from '@/lib/payments/messages';
import { isUuid } from '@/lib/validation/ids';
import { isStripeConfigured } from '@/lib/payments/stripe';

export const metadata: Metadata = { title: 'Checkout', robots: { index: false } };

/** What this viewer may do here, decided by the same rule as the checkout API. */
async function RightPanel({ envolvement, viewerId }: { envolvement: EnvolvementDto; viewerId: string }) {
  const { decision } = await getCheckoutState(envolvement._id, viewerId);
  if (decision === 'already_bought') {
    return (
      <CheckoutNotice title="You have already bought this!">
        <Link href={`/envolvement/${envolvement._id}`} className={buttonClasses('primary', 'md', 'mt-4')}>
          View Content
        </Link>
      </CheckoutNotice>
    );
  }
  if (decision === 'free') return <FreeClaim envolvementId={envolvement._id} />;
  if (decision === 'paid') {
    if (!isStripeConfigured())
      return <CheckoutNotice title={CARD_PAYMENTS_UNAVAILABLE} message="Free envolvements can still be joined." />;
    return <CardPayment envolvementId={envolvement._id} label={`Pay ${formatPrice(envolvement.priceCents)}`} />;
  }
  const refusal = CHECKOUT_REFUSALS[decision];
  return (
    <CheckoutNotice
      title={refusal.title}
      message={decision === 'own' ? 'This is your own envolvement: you cannot join it.' : refusal.message}
    />
  );
}

export default async function CheckoutPage({ params }: { params: Promise<{ id: string }> }) {
  const [{ id }, viewer] = await Promise.all([params, getViewer()]);
  if (!viewer) {
    return (
      <PageNotice
        heading={false}
        title="Please log in to make an envolvement"
        action={{ href: `/login?callbackUrl=/payment/${encodeURIComponent(id)}`, label: 'Log In' }}
      />
    );
  }
  const envolvement = isUuid(id) ? await getEnvolvementForViewer(id, viewer.id) : null;
  if (!envolvement) return <PageNotice heading={false} title={ENVOLVEMENT_NOT_FOUND} />;
  if (envolvement.removed) return <PageNotice heading={false} title="Envolvement Removed" message={REMOVED_MESSAGE} />;

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-extrabold tracking-tight text-ink">Checkout</h1>
      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <section
          className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
          aria-labelledby="details-heading"
        >
          <h2 id="details-heading" className="text-lg font-bold text-ink">
            Payment Details
          </h2>
          <CoverImage src={envolvement.imgUrl} className="mt-4 h-48 w-full rounded-xl" />
          <h3 className="mt-4 text-xl font-semibold text-ink">{envolvement.title}</h3>
          <p className="mt-1 text-sm text-slate-600">
            Content published by{' '}
            <Link
              href={`/profile/${encodeURIComponent(profileSlug(envolvement.userID))}`}
              className="font-semibold text-brand-700 hover:underline"
            >
              {envolvement.username}
            </Link>
          </p>
          <p className="mt-4 text-3xl font-extrabold text-ink" data-testid="checkout-price">
            {envolvement.price.free ? 'Free' : `$${envolvement.price.price.toFixed(2)}`}
          </p>
          <ul className="mt-6 space-y-2 text-xs text-slate-500">
            <li>Payments are processed securely by Stripe; your card details never reach our servers.</li>
            <li>After paying you will see a thank-you page with your purchase.</li>
            <li>
              By joining you accept our{' '}
              <Link href="/terms-and-privacy" className="underline">
                Terms & Conditions
              </Link>
              .
            </li>
          </ul>
        </section>
        <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <RightPanel envolvement={envolvement} viewerId={viewer.id} />
        </section>
      </div>
    </div>
  );
}
