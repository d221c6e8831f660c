import 'server-only';
import { AppError } from '@/lib/http/errors';
import { confirmCardPayment } from './card';
import { claimFree } from './grant';

/**
 * Grant-access: without a payment it is a one-click join of a free envolvement (a paid
 * one answers 'This envolvement requires payment.'); with one, the card payment is
 * confirmed against the ledger and Stripe, whatever the price is now.
 */
export async function joinEnvolvement(userId: string, envolvementId: string, paymentIntentId?: string): Promise<void> {
  if (!paymentIntentId) {
    await claimFree(userId, envolvementId);
    return;
  }
  const outcome = await confirmCardPayment(userId, envolvementId, paymentIntentId);
  if (!outcome.granted) throw new AppError('conflict', outcome.message);
}
