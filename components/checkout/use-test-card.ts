'use client';

import { useState, type FormEvent } from 'react';
import { api, ApiError, messageOf } from '@/lib/api-client';
import { UNEXPECTED_PAYMENT_ERROR as UNEXPECTED } from '@/lib/payments/messages';
import { checkWith } from '@/lib/validation/check';
import type { FieldErrors } from '@/lib/validation/field-errors';
import { testCardSchema } from '@/lib/validation/test-card';

export type CardValues = { number: string; expiry: string; cvc: string };

/** Where Stripe.js sends the buyer once it has confirmed a payment, with what the completion page reads. */
function completionUrl(paymentIntentId: string, clientSecret: string): string {
  const query = new URLSearchParams({
    payment_intent: paymentIntentId,
    payment_intent_client_secret: clientSecret,
    redirect_status: 'succeeded',
  });
  return `/payment/completion?${query}`;
}

/**
 * The local card form's state: the card as typed, its errors by field (Stripe's messages,
 * checked here and again by the server), and the decline or failure of the last try.
 */
export function useTestCard(clientSecret: string, onRefused: () => void) {
  const [values, setValues] = useState<CardValues>({ number: '', expiry: '', cvc: '' });
  const [fields, setFields] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [processing, setProcessing] = useState(false);
  const paymentIntentId = clientSecret.split('_secret_')[0]!;

  const change = (name: keyof CardValues) => (value: string) => setValues((v) => ({ ...v, [name]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const card = { paymentIntentId, ...values };
    const checked = checkWith(testCardSchema, card);
    setFields(checked.ok ? {} : checked.fields);
    if (!checked.ok) return;
    setProcessing(true);
    try {
      await api('/api/payment/confirm-test-card', { json: card, fallback: UNEXPECTED });
      // As Stripe.js does once the payment is confirmed: on to the completion page, which asks the server.
      window.location.assign(completionUrl(paymentIntentId, clientSecret));
    } catch (failure) {
      // The server canceled this intent (the offer changed) or it was paid elsewhere.
      if (failure instanceof ApiError && failure.status === 409) return onRefused();
      if (failure instanceof ApiError && Object.keys(failure.fields).length > 0) setFields(failure.fields);
      else setError(messageOf(failure, UNEXPECTED));
      setProcessing(false);
    }
  }

  return { values, change, fields, error, processing, submit };
}
