import 'server-only';
import { and, eq } from 'drizzle-orm';
import { envolvementTag, invalidate } from '@/lib/cache';
import { db } from '@/lib/db/client';
import { isUniqueViolation } from '@/lib/db/errors';
import { heldMembership } from '@/lib/envolvements/membership';
import { checkoutDecision } from '@/lib/envolvements/rules';
import { envolvements, payments, purchases, type PaymentRow } from '@/models';
import type { RefundReason } from '@/lib/domain/payment-status';
import type { Tx } from '@/lib/db/client';
import { takeSpot, toState } from './grant';
import { isDeletedUserId } from '@/lib/domain/deleted-member';
import { grantsAccess } from '@/lib/domain/ledger-rules';

/** What Stripe says the buyer paid. */
export type Paid = { amountCents: number; currency: string };

/**
 * Decides, once, what a succeeded payment buys. It is honoured when its buyer's account
 * still exists, Stripe received the amount recorded when its intent was created, that
 * amount and currency are still the envolvement's price, the buyer has not already joined,
 * and a spot can be taken; anything else is marked for a full refund with its reason. The
 * payment row is locked for the decision, so the webhook and the completion page deciding
 * at the same moment agree, and the spot is taken (price re-checked under the
 * envolvement's row lock) in the same transaction.
 */
export async function fulfilPayment(paymentId: string, paid: Paid): Promise<PaymentRow | null> {
  const decided = await db().transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!payment || !grantsAccess(payment.status) || payment.refundReason) return payment ?? null;
    const [member] = await tx
      .select({ id: purchases.id })
      .from(purchases)
      .where(eq(purchases.paymentIntentId, paymentId))
      .limit(1);
    if (member) return payment;
    const reason = await refusalOf(tx, payment, paid);
    if (!reason) return payment;
    const [marked] = await tx
      .update(payments)
      .set({ refundReason: reason, updatedAt: new Date() })
      .where(eq(payments.id, paymentId))
      .returning();
    return marked!;
  });
  // A spot may have been taken: the envolvement's visitors' page counts again.
  if (decided) invalidate(envolvementTag(decided.envolvementId));
  return decided;
}

// Null when the membership was granted; otherwise why the payment goes back.
async function refusalOf(tx: Tx, payment: PaymentRow, paid: Paid): Promise<RefundReason | null> {
  // Deleting an account re-keys its payments to the anonymous row (lib/account/erase.ts):
  // money that arrives after that goes back, and no "Deleted member" takes a spot. The
  // payment row is locked, so a deletion that re-keys it meanwhile is seen here.
  if (isDeletedUserId(payment.buyerId)) return 'account_deleted';
  if (paid.amountCents !== payment.amountCents || paid.currency !== payment.currency) return 'amount_mismatch';
  const [joined] = await tx
    .select({ id: purchases.id })
    .from(purchases)
    .where(
      and(eq(purchases.envolvementId, payment.envolvementId), eq(purchases.userId, payment.buyerId), heldMembership),
    )
    .limit(1);
  if (joined) return 'already_joined';
  try {
    // A savepoint: a unique violation (a free join a moment ago) must not end the decision.
    const taken = await tx.transaction((savepoint) =>
      takeSpot(savepoint, {
        envolvementId: payment.envolvementId,
        userId: payment.buyerId,
        amountCents: payment.amountCents,
        currency: payment.currency,
        paymentIntentId: payment.id,
      }),
    );
    if (taken) return null;
  } catch (error) {
    if (isUniqueViolation(error)) return 'already_joined';
    throw error;
  }
  const [row] = await tx.select().from(envolvements).where(eq(envolvements.id, payment.envolvementId));
  if (!row || row.archivedAt) return 'removed';
  const decision = checkoutDecision(toState(row), payment.buyerId, false);
  if (decision === 'inactive' || decision === 'ended' || decision === 'own') return decision;
  // Paid at a price the creator changed (or made free) while the buyer paid: the offer
  // the buyer accepted is gone, so the money goes back rather than buying the new one.
  if (row.priceCents !== payment.amountCents || row.currency !== payment.currency) return 'price_changed';
  return 'sold_out';
}
