import 'server-only';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { db } from '@/lib/db/client';
import { LIVE_PAYMENT_STATUSES, OPEN_PAYMENT_STATUSES } from '@/lib/domain/payment-status';
import { logError } from '@/lib/log';
import { isStripeConfigured } from '@/lib/stripe/client';
import { isStripeUnreachable } from '@/lib/stripe/errors';
import { payments } from '@/models';
import { cancelIntent, settlePayment } from './sync';

// A deleted account buys nothing. Its payments name the anonymous row once the account is
// erased (lib/account/erase.ts), and fulfilment refunds any of them that gets paid, with
// the reason `account_deleted`, whether the webhook, reconciliation or a cancel finds the
// money (./fulfil.ts); reconciliation cancels those still payable (./reconcile.ts). What
// the deletion itself does is here.

/** The checkouts a buyer opened and has not paid. */
export async function getOpenCheckoutIds(buyerId: string): Promise<string[]> {
  const open = await db()
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.buyerId, buyerId), inArray(payments.status, [...OPEN_PAYMENT_STATUSES])));
  return open.map((row) => row.id);
}

/**
 * Once the account is erased (its payments now name `anonymousId`): a checkout of
 * `openAtStart`, open when the deletion began, that a payment turned into a membership
 * while it ran is marked for a full refund, and every checkout still open is canceled at
 * Stripe. The marks are written before Stripe is asked, so reconciliation finishes what
 * Stripe cannot take now; once Stripe is unreachable the rest is left to it too. Never
 * throws: the account is gone whatever Stripe answers.
 */
export async function retireDeletedBuyerPayments(anonymousId: string, openAtStart: string[]): Promise<void> {
  try {
    if (!isStripeConfigured()) return;
    const granted = openAtStart.length
      ? await db()
          .update(payments)
          .set({ refundReason: 'account_deleted', updatedAt: sql`now()` })
          .where(
            and(
              inArray(payments.id, openAtStart),
              eq(payments.buyerId, anonymousId),
              inArray(payments.status, [...LIVE_PAYMENT_STATUSES]),
              isNull(payments.refundReason),
            ),
          )
          .returning({ id: payments.id })
      : [];
    const open = await getOpenCheckoutIds(anonymousId);
    const work = [
      ...granted.map(({ id }) => ({ id, run: () => settlePayment(id, null) })),
      ...open.map((id) => ({ id, run: () => cancelIntent(id, 'account_deleted') })),
    ];
    for (const { id, run } of work) {
      try {
        await run();
      } catch (error) {
        logError('account.delete', error, { paymentId: id });
        if (isStripeUnreachable(error)) return;
      }
    }
  } catch (error) {
    logError('account.delete', error, { anonymousId });
  }
}
