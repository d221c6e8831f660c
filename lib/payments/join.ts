import 'server-only';
import { getEnvolvementForViewer } from '@/lib/envolvements/queries';
import { welcomeOf, type WelcomeDto } from '@/lib/envolvements/welcome';
import { AppError } from '@/lib/http/errors';
import { confirmCardPayment } from './card';
import { claimFree } from './grant';

/**
 * Grant-access: without a payment it is a one-click join of a free envolvement (a paid
 * one answers 'This envolvement requires payment.'); with one, the card payment is
 * confirmed against the ledger and Stripe, whatever the price is now. Gives the welcome
 * the new member is shown (what they get, the creator's message): a free join reads it in
 * its own statement.
 */
export async function joinEnvolvement(
  userId: string,
  envolvementId: string,
  paymentIntentId?: string,
): Promise<WelcomeDto | null> {
  if (!paymentIntentId) return claimFree(userId, envolvementId);
  const outcome = await confirmCardPayment(userId, envolvementId, paymentIntentId);
  if (!outcome.granted) throw new AppError('conflict', outcome.message);
  // Read as the member now reads it, welcome message included.
  const envolvement = await getEnvolvementForViewer(envolvementId, userId);
  return envolvement ? welcomeOf(envolvement) : null;
}
