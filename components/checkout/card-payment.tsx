'use client';

import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { api, ApiError, messageOf } from '@/lib/api-client';
import {
  CARD_PAYMENTS_UNAVAILABLE as CARD_PAYMENTS_OFF,
  UNEXPECTED_PAYMENT_ERROR as UNEXPECTED,
} from '@/lib/payments/messages';

let stripePromise: Promise<Stripe | null> | undefined;

function PayForm({ label }: { label: string }) {
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
    // Only reached when Stripe could not redirect: show its message for card problems.
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
  const [clientSecret, setClientSecret] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    async function prepare() {
      try {
        const { publishableKey } = await api<{ publishableKey?: string }>('/api/payment/config', {
          fallback: CARD_PAYMENTS_OFF,
        });
        if (!publishableKey) throw new ApiError(503, CARD_PAYMENTS_OFF);
        stripePromise ??= loadStripe(publishableKey);
        const { clientSecret: secret } = await api<{ clientSecret?: string }>('/api/payment/create-payment-intent', {
          json: { submissionId: envolvementId },
          fallback: UNEXPECTED,
        });
        if (!secret) throw new ApiError(502, UNEXPECTED);
        if (!cancelled) setClientSecret(secret);
      } catch (e) {
        if (!cancelled) setError(messageOf(e, UNEXPECTED));
      }
    }
    void prepare();
    return () => {
      cancelled = true;
    };
  }, [envolvementId]);

  if (error) {
    return (
      <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
        {error}
      </p>
    );
  }
  if (!clientSecret || !stripePromise)
    return (
      <div role="status" className="h-40 animate-pulse rounded-xl bg-slate-100" aria-label="Loading payment form" />
    );
  return (
    <Elements
      stripe={stripePromise}
      options={{ clientSecret, appearance: { theme: 'stripe', variables: { colorPrimary: '#6128ee' } } }}
    >
      <PayForm label={label} />
    </Elements>
  );
}
