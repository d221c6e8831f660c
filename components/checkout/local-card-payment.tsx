'use client';

import { IntentFrame } from './intent-frame';
import { LocalCardForm } from './local-card-form';
import { usePaymentIntent } from './use-payment-intent';

/**
 * The checkout's card form in `npm run dev`'s local test mode: no Stripe.js, which would
 * need the internet; the card goes to the app's development-only route, which pays at the
 * local stand-in for Stripe. The intent and its amount are the server's, as with Stripe.
 */
export function LocalCardPayment({ envolvementId, label }: { envolvementId: string; label: string }) {
  const state = usePaymentIntent(envolvementId);
  return (
    <IntentFrame state={state}>
      {(clientSecret) => (
        <LocalCardForm key={clientSecret} clientSecret={clientSecret} label={label} onRefused={state.renew} />
      )}
    </IntentFrame>
  );
}
