'use client';

import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
// The pure entry loads Stripe.js when asked, not on import: a page that never shows this
// form (the local test mode's) asks nothing of js.stripe.com.
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe } from '@stripe/stripe-js';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { api, ApiError } from '@/lib/api-client';
import {
  CARD_PAYMENTS_UNAVAILABLE as CARD_PAYMENTS_OFF,
  UNEXPECTED_PAYMENT_ERROR as UNEXPECTED,
} from '@/lib/domain/payment-messages';
import { IntentFrame } from './intent-frame';
import { usePaymentIntent } from './use-payment-intent';

let stripePromise: Promise<Stripe | null> | undefined;

/** Loads Stripe.js with the site's publishable key, once the site says it takes cards. */
async function prepareStripe(): Promise<void> {
  const { publishableKey } = await api<{ publishableKey?: string }>('/api/payment/config', {
    fallback: CARD_PAYMENTS_OFF,
  });
  if (!publishableKey) throw new ApiError(503, CARD_PAYMENTS_OFF);
  stripePromise ??= loadStripe(publishableKey);
}

function PayForm({ label, onRefused }: { label: string; onRefused: () => void }) {
  const stripe = useStripe();
  const elements = useElements();
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements) return;
    setProcessing(true);
    setError(null);
    const { error: failure } = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: `${window.location.origin}/payment/completion` },
    });
    // Only reached when Stripe could not redirect. An intent it can no longer confirm was
    // canceled by the server (the offer changed) or paid elsewhere: the checkout starts
    // again from where the envolvement stands now, and this form stays disabled meanwhile.
    if (failure.code === 'payment_intent_unexpected_state') return onRefused();
    // Stripe's message for card problems.
    if (failure.type === 'card_error' || failure.type === 'validation_error') setError(failure.message ?? UNEXPECTED);
    else setError(UNEXPECTED);
    setProcessing(false);
  }

  return (
    <form onSubmit={submit} className="space-y-4">
      <PaymentElement />
      <Button type="submit" size="lg" className="w-full" disabled={!stripe || processing}>
        {processing ? 'Processing...' : label}
      </Button>
      {error && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}

/** Stripe's Payment Element for a paid envolvement; the intent's amount is set by the server. */
export function StripeCardPayment({ envolvementId, label }: { envolvementId: string; label: string }) {
  const state = usePaymentIntent(envolvementId, prepareStripe);
  return (
    <IntentFrame state={state} ready={Boolean(stripePromise)}>
      {(clientSecret) => (
        // A new intent needs new Elements: Stripe reads the client secret once.
        <Elements
          key={clientSecret}
          stripe={stripePromise!}
          options={{ clientSecret, appearance: { theme: 'stripe', variables: { colorPrimary: '#6128ee' } } }}
        >
          <PayForm label={label} onRefused={state.renew} />
        </Elements>
      )}
    </IntentFrame>
  );
}
