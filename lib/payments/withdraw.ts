import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import { db } from '@/lib/db/client';
import { OPEN_PAYMENT_STATUSES } from '@/lib/domain/payment-status';
import { logError } from '@/lib/log';
import { envolvements, payments, type EnvolvementRow, type PaymentRow } from '@/models';
import { isStripeConfigured } from '@/lib/stripe/client';
import { isStripeUnreachable } from '@/lib/stripe/errors';
import { cancelIntent } from './sync';

/** Why a creator's change took an offer away from the buyers paying for it; the ledger's source for the cancel. */
export type WithdrawReason = 'price_changed' | 'unpublished' | 'removed';

type Offer = Pick<EnvolvementRow, 'archivedAt' | 'isActive' | 'priceCents' | 'currency'>;

/** Why an intent can no longer be paid as it was offered, or null while it still can. */
export function withdrawReasonOf(
  offer: Offer,
  payment: Pick<PaymentRow, 'amountCents' | 'currency'>,
): WithdrawReason | null {
  if (offer.archivedAt) return 'removed';
  if (!offer.isActive) return 'unpublished';
  if (offer.priceCents !== payment.amountCents || offer.currency !== payment.currency) return 'price_changed';
  return null;
}

/** The same, read from the database for one payment (reconciliation asks it of open ones). */
export async function getWithdrawReason(paymentId: string): Promise<WithdrawReason | null> {
  const [row] = await db()
    .select({
      archivedAt: envolvements.archivedAt,
      isActive: envolvements.isActive,
      priceCents: envolvements.priceCents,
      currency: envolvements.currency,
      amountCents: payments.amountCents,
      paymentCurrency: payments.currency,
    })
    .from(payments)
    .innerJoin(envolvements, eq(envolvements.id, payments.envolvementId))
    .where(eq(payments.id, paymentId));
  return row ? withdrawReasonOf(row, { amountCents: row.amountCents, currency: row.paymentCurrency }) : null;
}

// Cancels in flight at once: enough to finish a popular offer's open checkouts within the
// creator's request, without bursting Stripe's rate limit.
export const CONCURRENT_CANCELS = 4;

/**
 * Cancels at Stripe every intent of the envolvement a buyer could still pay, once the
 * creator's change is committed, and records each on the ledger with `reason` as its
 * source. One paid meanwhile is applied and settled instead, which refunds it (fulfilment
 * finds the offer changed). Never throws: the creator's change stands whatever Stripe
 * answers. What could not be canceled is still refunded if paid, and reconciliation
 * cancels it later; once Stripe is unreachable the rest are left to them too, so an
 * outage does not hold the request for every intent's retries.
 */
export async function cancelOpenIntents(envolvementId: string, reason: WithdrawReason): Promise<void> {
  try {
    if (!isStripeConfigured()) return;
    const open = await db()
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.envolvementId, envolvementId), inArray(payments.status, [...OPEN_PAYMENT_STATUSES])));
    const ids = open.map((row) => row.id);
    let unreachable = false;
    const work = async () => {
      while (!unreachable) {
        const id = ids.shift();
        if (id === undefined) return;
        try {
          await cancelIntent(id, reason);
        } catch (error) {
          unreachable ||= isStripeUnreachable(error);
          logError('payments.withdraw', error, { paymentId: id, envolvementId, reason });
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENT_CANCELS, ids.length) }, work));
  } catch (error) {
    logError('payments.withdraw', error, { envolvementId, reason });
  }
}
