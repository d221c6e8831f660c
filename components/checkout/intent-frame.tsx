import type { ReactNode } from 'react';
import { CHECKOUT_RENEWED } from '@/lib/domain/payment-messages';
import type { PaymentIntentState } from './use-payment-intent';

/**
 * What every card form shows around itself: why the checkout could not open, a placeholder
 * while it opens, and a note when it was opened again at the offer's new terms.
 */
export function IntentFrame({
  state,
  ready = true,
  children,
}: {
  state: PaymentIntentState;
  /** Whatever else the form waits for (Stripe.js). */
  ready?: boolean;
  children: (clientSecret: string) => ReactNode;
}) {
  if (state.error) {
    return (
      <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
        {state.error}
      </p>
    );
  }
  if (!state.clientSecret || !ready || state.renewing)
    return (
      <div role="status" className="h-40 animate-pulse rounded-xl bg-slate-100" aria-label="Loading payment form" />
    );
  return (
    <div className="space-y-4">
      {state.renewed && (
        <p
          role="status"
          data-testid="checkout-renewed"
          className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          {CHECKOUT_RENEWED}
        </p>
      )}
      {children(state.clientSecret)}
    </div>
  );
}
