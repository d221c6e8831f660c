import 'server-only';
import { and, eq } from 'drizzle-orm';
import { db } from '@/lib/db/client';
import { heldMembership } from '@/lib/envolvements/membership';
import { AppError } from '@/lib/http/errors';
import { purchases, type PaymentRow } from '@/models';
import { getOwnPaymentOrThrow } from './ledger';
import { grantsAccess, REFUND_REASON_TEXT } from '@/lib/domain/ledger-rules';
import { syncPayment } from './sync';

export type PaymentOutcome = { granted: true } | { granted: false; message: string };

export const PAYMENT_NOT_COMPLETED = 'Payment has not been completed.';

/** The sentence that tells a buyer their money went back, or null while it has not. */
export function refundMessage(payment: Pick<PaymentRow, 'status' | 'refundReason'>): string | null {
  if (payment.refundReason) return REFUND_REASON_TEXT[payment.refundReason];
  if (payment.status === 'refunded') return 'This payment was refunded.';
  if (payment.status === 'dispute_lost') return 'This payment was reversed after a dispute.';
  return null;
}

/** What a payment bought, as its buyer is told. */
export async function paymentOutcome(payment: PaymentRow): Promise<PaymentOutcome> {
  const refunded = refundMessage(payment);
  if (refunded) return { granted: false, message: refunded };
  if (grantsAccess(payment.status)) {
    const [member] = await db()
      .select({ id: purchases.id })
      .from(purchases)
      .where(and(eq(purchases.paymentIntentId, payment.id), heldMembership))
      .limit(1);
    return member
      ? { granted: true }
      : { granted: false, message: 'Your payment is being confirmed. Please refresh in a moment.' };
  }
  if (payment.status === 'disputed')
    return { granted: false, message: 'This payment is disputed: access is paused until the dispute is settled.' };
  if (payment.status === 'canceled') return { granted: false, message: 'This payment was canceled.' };
  return { granted: false, message: PAYMENT_NOT_COMPLETED };
}

/** The completion page and grant-access: ask Stripe, bring the ledger up to date, say what it bought. */
export async function confirmCardPayment(
  userId: string,
  envolvementId: string,
  paymentIntentId: string,
): Promise<PaymentOutcome> {
  const own = await getOwnPaymentOrThrow(userId, paymentIntentId);
  if (own.envolvementId !== envolvementId)
    throw new AppError('bad_request', 'This payment is for another envolvement.');
  return paymentOutcome((await syncPayment(own.id, 'completion')) ?? own);
}
