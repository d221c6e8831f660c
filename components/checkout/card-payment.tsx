'use client';

import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { CHECKOUT_RENEWED, UNEXPECTED_PAYMENT_ERROR as UNEXPECTED } from '@/lib/payments/messages';
import { usePaymentIntent } from './use-payment-intent';

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
export function CardPayment({ envolvementId, label }: { envolvementId: string; label: string }) {
  const { stripe, clientSecret, error, renewed, renewing, renew } = usePaymentIntent(envolvementId);

  if (error) {
    return (
      <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
        {error}
      </p>
    );
  }
  if (!clientSecret || !stripe || renewing)
    return (
      <div role="status" className="h-40 animate-pulse rounded-xl bg-slate-100" aria-label="Loading payment form" />
    );
  return (
    <div className="space-y-4">
      {renewed && (
        <p
          role="status"
          data-testid="checkout-renewed"
          className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          {CHECKOUT_RENEWED}
        </p>
      )}
      {/* A new intent needs new Elements: Stripe reads the client secret once. */}
      <Elements
        key={clientSecret}
        stripe={stripe}
        options={{ clientSecret, appearance: { theme: 'stripe', variables: { colorPrimary: '#6128ee' } } }}
      >
        <PayForm label={label} onRefused={renew} />
      </Elements>
    </div>
  );
}
