import 'server-only';
import { envolvementChanged } from '@/lib/cache';
import { and, count, eq, exists, inArray, isNull, sql } from 'drizzle-orm';
import type { Viewer } from '@/lib/auth/types';
import { db } from '@/lib/db/client';
import { logError } from '@/lib/log';
import { markForRefund } from '@/lib/payments/ledger';
import { executeRefund } from '@/lib/payments/refunds';
import { isStripeConfigured } from '@/lib/stripe/client';
import { cancelOpenIntents } from '@/lib/payments/withdraw';
import { envolvements, payments, purchases, submissions } from '@/models';
import { LIVE_PAYMENT_STATUSES } from '@/lib/domain/payment-status';
import { heldMembership } from '@/lib/envolvements/membership';
import { getOwnEnvolvementOrThrow } from '@/lib/envolvements/service';
import { clearWaits } from '@/lib/spot-waits/service';

export type RemovalImpact = {
  /** People holding a membership now. */
  members: number;
  /** Payments that will be refunded in full, and how much goes back. */
  paidMembers: number;
  refundCents: number;
};

/** Who deleting this envolvement touches, for the creator to read before confirming. */
export async function getRemovalImpact(envolvementId: string): Promise<RemovalImpact> {
  const [[members], [paid]] = await Promise.all([
    db()
      .select({ n: count() })
      .from(purchases)
      .where(and(eq(purchases.envolvementId, envolvementId), heldMembership)),
    db()
      .select({
        n: count(),
        cents: sql<string>`coalesce(sum(${payments.amountCents} - ${payments.amountRefundedCents}), 0)`,
      })
      .from(payments)
      // Payments already marked for a refund of their own (a sold-out one) are not members.
      .where(
        and(
          eq(payments.envolvementId, envolvementId),
          inArray(payments.status, [...LIVE_PAYMENT_STATUSES]),
          isNull(payments.refundReason),
        ),
      ),
  ]);
  return {
    members: Number(members?.n ?? 0),
    paidMembers: Number(paid?.n ?? 0),
    refundCents: Number(paid?.cents ?? 0),
  };
}

export type Removal = { archived: boolean; refunded: number; refundsPending: number };

// Anything that records money or a member keeps the envolvement it points to.
const keepsRecords = (id: string) =>
  sql`${exists(
    db()
      .select({ x: sql`1` })
      .from(purchases)
      .where(eq(purchases.envolvementId, id)),
  )}
    or ${exists(
      db()
        .select({ x: sql`1` })
        .from(payments)
        .where(eq(payments.envolvementId, id)),
    )}
    or ${exists(
      db()
        .select({ x: sql`1` })
        .from(submissions)
        .where(eq(submissions.envolvementId, id)),
    )}`;

/**
 * Deletes an envolvement nobody joined or paid for. One with members, payments or
 * submissions is archived instead: it leaves every public list, open intents are
 * canceled, and every paid member is refunded in full. Running it again on an archived
 * envolvement finishes refunds that Stripe did not confirm the first time.
 */
export async function deleteEnvolvement(viewer: Viewer, id: string): Promise<Removal> {
  await getOwnEnvolvementOrThrow(viewer, id, 'delete');
  const deleted = await db().transaction(async (tx) => {
    // The row lock orders this against joins and fulfilments, which take it to claim a spot,
    // and against every insert that references the row: after the archive commits, no
    // payment can be granted here.
    const [row] = await tx
      .select({ id: envolvements.id })
      .from(envolvements)
      .where(and(eq(envolvements.id, id), eq(envolvements.creatorId, viewer.id)))
      .for('update');
    if (!row) return true;
    // A statement of its own, after the lock: the locking one reads with the snapshot it
    // started with, blind to a join that committed while it waited.
    const [held] = await tx
      .select({ keeps: keepsRecords(id).mapWith(Boolean) })
      .from(envolvements)
      .where(eq(envolvements.id, id));
    if (!held?.keeps) {
      await tx.delete(envolvements).where(eq(envolvements.id, id));
      return true;
    }
    await tx
      .update(envolvements)
      .set({ archivedAt: sql`coalesce(${envolvements.archivedAt}, now())`, isActive: false, updatedAt: sql`now()` })
      .where(eq(envolvements.id, id));
    // No spot opens on it again (a deleted one takes its list with it).
    await clearWaits(tx, id);
    return false;
  });
  envolvementChanged(id, viewer.id);
  if (deleted) return { archived: false, refunded: 0, refundsPending: 0 };
  return { archived: true, ...(await settleRemoval(viewer.id, id)) };
}

async function settleRemoval(creatorId: string, id: string): Promise<{ refunded: number; refundsPending: number }> {
  // Open checkouts first, so none is paid while the members are refunded; one paid anyway
  // is refunded by fulfilment, which finds the envolvement removed.
  await cancelOpenIntents(id, 'removed');
  const paid = await db()
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.envolvementId, id), inArray(payments.status, [...LIVE_PAYMENT_STATUSES])));
  if (paid.length === 0 || !isStripeConfigured()) return { refunded: 0, refundsPending: paid.length };
  let refunded = 0;
  let pending = 0;
  for (const payment of paid) {
    try {
      const marked = await markForRefund(payment.id, 'removed', creatorId);
      const after = marked ? await executeRefund(marked) : null;
      if (after?.status === 'refunded') refunded += 1;
      else pending += 1;
    } catch (error) {
      // Reconciliation finishes what Stripe did not confirm now.
      logError('payments.refund-on-removal', error, { paymentId: payment.id });
      pending += 1;
    }
  }
  return { refunded, refundsPending: pending };
}
