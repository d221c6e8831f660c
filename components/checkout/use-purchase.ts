'use client';

import { useEffect, useState } from 'react';
import { useApiAction } from '@/components/forms/use-api-action';
import { api } from '@/lib/api-client';
import type { PaymentStatus } from '@/lib/domain/payment-status';
import type { EnvolvementDto } from '@/lib/envolvements/types';
import type { WelcomeDto } from '@/lib/envolvements/welcome';

const ATTEMPTS = 3;
const DELAY_MS = 1000;

export type Payment = {
  amount: number;
  /** The currency of `amount`, as Stripe writes it ('usd'). */
  currency: string;
  status: PaymentStatus;
  refundReason: string | null;
  /** When the money arrived; null while it has not. */
  paidAt: string | null;
};
/** `welcome`: what the member gets and the creator's message, once access was granted. */
export type Purchase = { envolvement: EnvolvementDto; payment: Payment; welcome: WelcomeDto | null };

async function loadOnce(paymentIntentId: string): Promise<Purchase> {
  const id = encodeURIComponent(paymentIntentId);
  const envolvement = await api<EnvolvementDto>(`/api/payment/get-submission/${id}`);
  const payment = await api<Payment>(`/api/payment/get-payment-amount/${id}`);
  if (payment.refundReason) return { envolvement, payment, welcome: null };
  try {
    // The webhook usually grants first; this covers a slow webhook. Failure is only logged.
    const granted = await api<{ welcome: WelcomeDto | null }>('/api/payment/grant-access', {
      json: { submissionId: envolvement._id, paymentIntentId },
    });
    // Granting asked Stripe and brought the ledger up to date: read what it says now.
    const settled = await api<Payment>(`/api/payment/get-payment-amount/${id}`);
    return { envolvement, payment: settled, welcome: granted.welcome };
  } catch (error) {
    console.error('Granting access failed', error);
    // Confirming may have settled the payment another way (refunded, still processing).
    return { envolvement, payment: await api<Payment>(`/api/payment/get-payment-amount/${id}`), welcome: null };
  }
}

/** The purchase behind a payment, with up to 3 attempts, 1 s apart; the last one's failure is thrown. */
async function loadPurchase(paymentIntentId: string): Promise<Purchase> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await loadOnce(paymentIntentId);
    } catch (error) {
      console.error(`Loading the purchase failed (attempt ${attempt})`, error);
      if (attempt === ATTEMPTS) throw error;
      await new Promise((r) => setTimeout(r, DELAY_MS));
    }
  }
}

/** The purchase behind a payment, loaded with up to 3 attempts, 1 s apart; `failed` after the last. */
export function usePurchase(paymentIntentId: string): { purchase: Purchase | null; failed: boolean } {
  // Kept with the payment it belongs to: an answer for another payment is not this one's.
  const [loaded, setLoaded] = useState<{ id: string; purchase: Purchase } | null>(null);
  const { error, run } = useApiAction();

  useEffect(() => {
    void run({ send: async () => setLoaded({ id: paymentIntentId, purchase: await loadPurchase(paymentIntentId) }) });
  }, [paymentIntentId, run]);

  return { purchase: loaded?.id === paymentIntentId ? loaded.purchase : null, failed: error !== null };
}
