'use client';

import { useState, type FormEvent } from 'react';
import { useApiAction } from '@/components/forms/use-api-action';
import { api, ApiError } from '@/lib/api-client';
import { UNEXPECTED_PAYMENT_ERROR as UNEXPECTED } from '@/lib/domain/payment-messages';
import { checkWith } from '@/lib/validation/check';
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
  const action = useApiAction({ message: UNEXPECTED });
  const paymentIntentId = clientSecret.split('_secret_')[0]!;

  const change = (name: keyof CardValues) => (value: string) => setValues((v) => ({ ...v, [name]: value }));

  const card = { paymentIntentId, ...values };
  const submit = (event: FormEvent) =>
    action.submit(event, {
      check: () => checkWith(testCardSchema, card),
      async send() {
        const refused = await api('/api/payment/confirm-test-card', { json: card, fallback: UNEXPECTED }).then(
          () => false,
          (failure: unknown) => {
            // The server canceled this intent (the offer changed) or it was paid elsewhere: a new one replaces this form.
            if (failure instanceof ApiError && failure.status === 409) return true;
            throw failure;
          },
        );
        if (refused) return onRefused();
        // As Stripe.js does once the payment is confirmed: on to the completion page, which asks the server.
        window.location.assign(completionUrl(paymentIntentId, clientSecret));
      },
      // Either way this form is done: the page leaves, or a new intent brings a new form.
      leaves: true,
    });

  // A card's field errors show at their fields; a decline or a failure shows below the form.
  const { fields, formError: error, busy: processing } = action;
  return { values, change, fields, error, processing, submit };
}
