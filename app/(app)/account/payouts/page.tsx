import type { Metadata } from 'next';
import Link from 'next/link';
import { AccountHeading } from '@/components/account/account-heading';
import { redirect } from 'next/navigation';
import { StripeLinkButton } from '@/components/payouts/stripe-link-button';
import { cn } from '@/components/ui/cn';
import { getViewer } from '@/lib/auth/viewer';
import { applicationFeeCents, formatPercent } from '@/lib/domain/fees';
import { formatMoney } from '@/lib/domain/money';
import { platformFeePercent, siteCurrency } from '@/lib/stripe/config';
import { isStripeConfigured } from '@/lib/stripe/client';
import { getPayoutAccount, PAYOUTS_PATH, refreshPayoutAccount } from '@/lib/payouts/service';
import { describeRequirements, payoutState, type PayoutStateKind } from '@/lib/payouts/state';

export const metadata: Metadata = { title: 'Payouts', robots: { index: false } };

const SECTION = 'rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8';

const BADGE: Record<PayoutStateKind, string> = {
  not_connected: 'bg-slate-100 text-slate-700',
  needs_information: 'bg-amber-100 text-amber-800',
  in_review: 'bg-sky-100 text-sky-800',
  payouts_paused: 'bg-amber-100 text-amber-800',
  ready: 'bg-green-100 text-green-800',
};

// An example sale for the fee line: the platform's cut is easier to read on a price.
const EXAMPLE_PRICE_CENTS = 1000;

type AccountRow = Awaited<ReturnType<typeof getPayoutAccount>>;

/** The account's state, what Stripe still needs, and the way to Stripe. */
function AccountSection({ account, refreshed }: { account: AccountRow; refreshed: boolean }) {
  const state = payoutState(account);
  const needs = describeRequirements(account?.requirementsDue ?? []);
  return (
    <div className="mt-4 space-y-4">
      <p>
        <span
          data-testid="payout-state"
          className={cn('inline-flex rounded-full px-3 py-1 text-sm font-semibold', BADGE[state.kind])}
        >
          {state.label}
        </span>
      </p>
      <p className="text-sm text-slate-600">{state.detail}</p>
      {needs.length > 0 && state.kind !== 'not_connected' && (
        <div className="text-sm text-slate-700">
          <p className="font-medium">Stripe still needs:</p>
          <ul className="mt-1 list-disc pl-5">
            {needs.map((need) => (
              <li key={need}>{need}</li>
            ))}
          </ul>
        </div>
      )}
      {refreshed && state.kind !== 'ready' && (
        <p className="text-sm text-slate-600">Your Stripe link expired. Continue where you left off:</p>
      )}
      <div className="flex flex-wrap gap-3">
        {state.kind !== 'ready' && (
          <StripeLinkButton
            endpoint="/api/payouts/onboarding"
            label={account ? 'Continue with Stripe' : 'Connect with Stripe'}
          />
        )}
        {account?.detailsSubmitted && (
          <StripeLinkButton
            endpoint="/api/payouts/dashboard"
            label="Open Stripe dashboard"
            variant={state.kind === 'ready' ? 'primary' : 'secondary'}
          />
        )}
      </div>
      {account?.detailsSubmitted && (
        <p className="text-xs text-slate-500">
          Your payout history, bank details and tax forms are in your Stripe dashboard.
        </p>
      )}
    </div>
  );
}

function FeesSection() {
  const percent = platformFeePercent();
  const kept = EXAMPLE_PRICE_CENTS - applicationFeeCents(EXAMPLE_PRICE_CENTS, percent);
  const money = (cents: number) => formatMoney(cents, siteCurrency());
  return (
    <section className={SECTION} aria-labelledby="payout-fees">
      <h2 id="payout-fees" className="text-lg font-semibold text-ink">
        Fees
      </h2>
      <p className="mt-2 text-sm text-slate-600">
        Envolve keeps {formatPercent(percent)} of each sale: you receive {money(kept)} of each{' '}
        {money(EXAMPLE_PRICE_CENTS)} sale. When a sale is refunded, the fee is refunded with it.
      </p>
      <p className="mt-3 text-sm">
        <Link href="/account/earnings" className="font-medium text-brand-700 hover:underline">
          See your earnings →
        </Link>
      </p>
    </section>
  );
}

export default async function PayoutsPage({ searchParams }: { searchParams: Promise<{ onboarding?: string }> }) {
  const viewer = await getViewer();
  if (!viewer) redirect(`/login?callbackUrl=${encodeURIComponent(PAYOUTS_PATH)}`);
  const { onboarding } = await searchParams;
  const stripe = isStripeConfigured();
  // Back from Stripe: read the account now rather than wait for its webhook.
  const account = stripe && onboarding ? await refreshPayoutAccount(viewer.id) : await getPayoutAccount(viewer.id);
  return (
    <div className="mx-auto max-w-xl space-y-6 px-4 py-8 sm:px-6">
      <div>
        <AccountHeading title="Payouts">
          Buyers pay through Stripe, and Stripe pays you out to your bank account.
        </AccountHeading>
      </div>
      <section className={SECTION} aria-labelledby="payout-account">
        <h2 id="payout-account" className="text-lg font-semibold text-ink">
          Your Stripe account
        </h2>
        {stripe ? (
          <AccountSection account={account} refreshed={onboarding === 'refresh'} />
        ) : (
          <p className="mt-2 text-sm text-slate-600">
            Card payments are not configured on this site, so every envolvement is free.
          </p>
        )}
      </section>
      {stripe && <FeesSection />}
    </div>
  );
}
