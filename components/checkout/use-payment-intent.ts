'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useState, useTransition } from 'react';
import { api, ApiError, messageOf } from '@/lib/api-client';
import { UNEXPECTED_PAYMENT_ERROR as UNEXPECTED } from '@/lib/domain/payment-messages';

async function openIntent(envolvementId: string, prepare?: () => Promise<void>): Promise<string> {
  await prepare?.();
  const { clientSecret } = await api<{ clientSecret?: string }>('/api/payment/create-payment-intent', {
    json: { submissionId: envolvementId },
    fallback: UNEXPECTED,
  });
  if (!clientSecret) throw new ApiError(502, UNEXPECTED);
  return clientSecret;
}

export type PaymentIntentState = {
  clientSecret: string | null;
  error: string | null;
  /** Whether the checkout was started again after Stripe refused its intent. */
  renewed: boolean;
  renewing: boolean;
  renew: () => void;
};

/**
 * The intent the card form pays, asked of the server, which sets its amount; `prepare` runs
 * first (Stripe.js is loaded then). When Stripe refuses to confirm it (the creator changed
 * the price, unpublished or removed the envolvement, and the server canceled the intent),
 * `renew` renders the page again and asks for a new intent in one transition: the page shows
 * the new price, or why the envolvement can no longer be bought (then this component is
 * replaced and asks for nothing).
 */
export function usePaymentIntent(envolvementId: string, prepare?: () => Promise<void>): PaymentIntentState {
  const router = useRouter();
  const [round, setRound] = useState(0);
  const [clientSecret, setClientSecret] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [renewing, startRenew] = useTransition();

  useEffect(() => {
    let cancelled = false;
    openIntent(envolvementId, prepare).then(
      (secret) => !cancelled && setClientSecret(secret),
      (failure: unknown) => !cancelled && setError(messageOf(failure, UNEXPECTED)),
    );
    return () => {
      cancelled = true;
    };
  }, [envolvementId, prepare, round]);

  const renew = () =>
    startRenew(() => {
      setClientSecret(null);
      setError(null);
      setRound((r) => r + 1);
      router.refresh();
    });

  return { clientSecret, error, renewed: round > 0, renewing, renew };
}
