import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { SignInLink } from '@/components/auth/sign-in-link';
import { CardPayment } from '@/components/checkout/card-payment';
import { CheckoutNotice } from '@/components/checkout/checkout-panel';
import { ConfirmToPay } from '@/components/checkout/confirm-to-pay';
import { FreeClaim } from '@/components/checkout/free-claim';
import { OfferCover } from '@/components/envolvement/cover-image';
import { CreatorLink } from '@/components/envolvement/creator-link';
import { buttonClasses } from '@/components/ui/button';
import { PageNotice } from '@/components/ui/notice';
import { getViewer, type Viewer } from '@/lib/auth/viewer';
import { getEnvolvementForViewer } from '@/lib/envolvements/queries';
import { formatPrice } from '@/lib/domain/money';
import { CHECKOUT_REFUSALS, REMOVED_MESSAGE, visibilityFor } from '@/lib/envolvements/rules';
import type { EnvolvementDto } from '@/lib/envolvements/types';
import { getCheckoutState } from '@/lib/payments/grant';
import { countPayments } from '@/lib/payments/ledger';
import { CARD_PAYMENTS_UNAVAILABLE } from '@/lib/domain/payment-messages';
import { isUuid } from '@/lib/validation/ids';
import { isStripeConfigured } from '@/lib/stripe/client';
import { usesLocalStripe } from '@/lib/stripe/test-mode';

export const metadata: Metadata = { title: 'Checkout', robots: { index: false } };

/** What this viewer may do here, decided by the same rule as the checkout API. */
async function RightPanel({ envolvement, viewer }: { envolvement: EnvolvementDto; viewer: Viewer }) {
  const { decision } = await getCheckoutState(envolvement._id, viewer.id);
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
    // Paying waits for a confirmed address: the checkout says so, and waits for it.
    if (!viewer.emailVerified) return <ConfirmToPay email={viewer.email} envolvementId={envolvement._id} />;
    const price = formatPrice(envolvement.priceCents, envolvement.currency);
    return <CardPayment envolvementId={envolvement._id} label={`Pay ${price}`} />;
  }
  const refusal = CHECKOUT_REFUSALS[decision];
  return (
    <CheckoutNotice
      title={refusal.title}
      message={decision === 'own' ? 'This is your own envolvement: you cannot join it.' : refusal.message}
    />
  );
}

/** The notes under the price: how a card payment is handled, or that joining is free. */
function CheckoutNotes({ free }: { free: boolean }) {
  const cardNote = usesLocalStripe()
    ? 'Test mode: the card goes to a stand-in for Stripe on this machine, and no money moves.'
    : 'Payments are processed securely by Stripe; your card details never reach our servers.';
  return (
    <ul className="mt-3 space-y-1.5 text-xs text-slate-500 sm:mt-6 sm:space-y-2">
      {free ? (
        <>
          <li>Joining is free: no card is needed.</li>
          <li>Once you have joined you go straight to the envolvement.</li>
        </>
      ) : (
        <>
          <li>{cardNote}</li>
          <li>After paying you will see a thank-you page with your purchase.</li>
        </>
      )}
      <li>
        By joining you accept our{' '}
        <Link href="/terms-and-privacy#terms" className="underline">
          Terms & Conditions
        </Link>
        .
      </li>
    </ul>
  );
}

/** The left panel: what is being joined, from whom, and at what price. */
function PaymentDetails({ envolvement }: { envolvement: EnvolvementDto }) {
  return (
    <section
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      aria-labelledby="details-heading"
    >
      <h2 id="details-heading" className="text-lg font-bold text-ink">
        Payment Details
      </h2>
      {/* A short band on phones, so that the card form or the join button is on the first screen. */}
      <OfferCover offer={envolvement} className="mt-3 h-20 w-full rounded-xl sm:mt-4 sm:h-48" priority />
      <h3 className="mt-3 text-lg font-semibold [overflow-wrap:anywhere] text-ink sm:mt-4 sm:text-xl">
        {envolvement.title}
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        Content published by{' '}
        <CreatorLink userId={envolvement.userID} handle={envolvement.username}>
          {envolvement.creatorName}
        </CreatorLink>
      </p>
      <p className="mt-2 text-2xl font-extrabold text-ink sm:mt-4 sm:text-3xl" data-testid="checkout-price">
        {formatPrice(envolvement.priceCents, envolvement.currency)}
      </p>
      <CheckoutNotes free={envolvement.price.free} />
    </section>
  );
}

/** A visitor reads what they are about to join, then signs in and comes back here. */
function SignInToJoin({ envolvementId }: { envolvementId: string }) {
  return (
    <CheckoutNotice title="Please sign in to make an envolvement" message="You will come back here to finish.">
      <SignInLink returnTo={`/payment/${envolvementId}`} className="mt-4" />
    </CheckoutNotice>
  );
}

export default async function CheckoutPage({ params }: { params: Promise<{ id: string }> }) {
  const [{ id }, viewer] = await Promise.all([params, getViewer()]);
  const viewerId = viewer?.id ?? null;
  const envolvement = isUuid(id) ? await getEnvolvementForViewer(id, viewerId) : null;
  // Unknown, malformed, or a draft this viewer may not see: the same 'Envolvement ID not found' 404.
  if (!envolvement) notFound();
  if (visibilityFor(envolvement, viewerId) === 'not_found') {
    // Except to a buyer who began paying for it before the creator unpublished it (their
    // open checkout comes back here): they saw it published, and are told why it stopped.
    if (!viewerId || (await countPayments(viewerId, envolvement._id)) === 0) notFound();
    const { title, message } = CHECKOUT_REFUSALS.inactive;
    return <PageNotice heading={false} title={title} message={message} />;
  }
  if (envolvement.removed) return <PageNotice heading={false} title="Envolvement Removed" message={REMOVED_MESSAGE} />;

  return (
    <div className="mx-auto max-w-5xl px-4 py-5 sm:px-6 sm:py-8">
      <h1 className="text-2xl font-extrabold tracking-tight text-ink sm:text-3xl">Checkout</h1>
      <div className="mt-4 grid gap-4 sm:mt-6 sm:gap-6 md:grid-cols-2">
        <PaymentDetails envolvement={envolvement} />
        <section className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6" aria-label="Join">
          {viewer ? (
            <RightPanel envolvement={envolvement} viewer={viewer} />
          ) : (
            <SignInToJoin envolvementId={envolvement._id} />
          )}
        </section>
      </div>
    </div>
  );
}
