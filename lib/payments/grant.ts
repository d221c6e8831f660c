import 'server-only';
import { and, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import { db } from '@/lib/db/client';
import { isUniqueViolation } from '@/lib/db/errors';
import { getEnvolvementRow, hasPurchased } from '@/lib/envolvements/queries';
import { CHECKOUT_REFUSALS, checkoutDecision, type CheckoutDecision } from '@/lib/envolvements/rules';
import { AppError } from '@/lib/http/errors';
import { envolvements, purchases, type EnvolvementRow } from '@/models';

export const ENVOLVEMENT_NOT_FOUND = 'Envolvement ID not found';

type Refusal = Exclude<CheckoutDecision, 'free' | 'paid'>;

/** The error the API answers for a refused checkout, with the spec's title as message. */
export function refusalError(decision: Refusal): AppError {
  if (decision === 'own') return new AppError('forbidden', CHECKOUT_REFUSALS.own.message);
  return new AppError('conflict', CHECKOUT_REFUSALS[decision].title);
}

export async function getCheckoutState(envolvementId: string, userId: string) {
  const row = await getEnvolvementRow(envolvementId);
  if (!row) throw new AppError('not_found', ENVOLVEMENT_NOT_FOUND);
  const bought = await hasPurchased(envolvementId, userId);
  return { row, decision: checkoutDecision(toState(row), userId, bought) };
}

export function toState(row: EnvolvementRow) {
  return {
    priceCents: row.priceCents,
    isActive: row.isActive,
    endDate: row.endDate,
    creatorId: row.creatorId,
    spots: { quantity: row.quantity, unlimited: row.unlimited, currentEnvolves: row.currentCount },
  };
}

type Grant = { envolvementId: string; userId: string; amountCents: number; currency: string; paymentIntentId?: string };

/**
 * The one path that gives a user access. The spot is taken by a single conditional UPDATE
 * and the purchase is inserted in the same transaction, so concurrent claims can neither
 * oversell nor join twice: the row lock orders them, the WHERE clause re-checks the spots,
 * and the unique (envolvement, user) key stops a second purchase.
 */
export async function grantAccess(grant: Grant): Promise<void> {
  let taken = false;
  try {
    await db().transaction(async (tx) => {
      const rows = await tx
        .update(envolvements)
        .set({ currentCount: sql`${envolvements.currentCount} + 1` })
        .where(
          and(
            eq(envolvements.id, grant.envolvementId),
            eq(envolvements.isActive, true),
            ne(envolvements.creatorId, grant.userId),
            or(eq(envolvements.unlimited, true), sql`${envolvements.currentCount} < ${envolvements.quantity}`),
            or(isNull(envolvements.endDate), gt(envolvements.endDate, sql`now()`)),
          ),
        )
        .returning({ id: envolvements.id });
      if (rows.length === 0) return;
      taken = true;
      await tx.insert(purchases).values({
        envolvementId: grant.envolvementId,
        userId: grant.userId,
        amountCents: grant.amountCents,
        currency: grant.currency,
        paymentIntentId: grant.paymentIntentId ?? null,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw refusalError('already_bought');
    throw error;
  }
  // Explained after the transaction: a read inside it would hold one pooled connection
  // while waiting for another.
  if (!taken) throw await refusalFor(grant);
}

// Nothing was taken: say why, in the checkout's order.
async function refusalFor(grant: Grant): Promise<AppError> {
  const { decision } = await getCheckoutState(grant.envolvementId, grant.userId);
  return refusalError(decision === 'free' || decision === 'paid' ? 'sold_out' : decision);
}

/** One-click join of a free envolvement. */
export async function claimFree(userId: string, envolvementId: string): Promise<void> {
  const { row, decision } = await getCheckoutState(envolvementId, userId);
  if (decision === 'paid') throw new AppError('bad_request', 'This envolvement requires payment.');
  if (decision !== 'free') throw refusalError(decision);
  await grantAccess({ envolvementId, userId, amountCents: 0, currency: row.currency });
}

/** Undoes a card purchase (refund): the access goes and the spot is freed. */
export async function revokeAccess(paymentIntentId: string): Promise<boolean> {
  return db().transaction(async (tx) => {
    const [removed] = await tx
      .delete(purchases)
      .where(eq(purchases.paymentIntentId, paymentIntentId))
      .returning({ envolvementId: purchases.envolvementId });
    if (!removed) return false;
    await tx
      .update(envolvements)
      .set({ currentCount: sql`greatest(${envolvements.currentCount} - 1, 0)` })
      .where(eq(envolvements.id, removed.envolvementId));
    return true;
  });
}

export async function purchaseForPaymentIntent(paymentIntentId: string) {
  const [row] = await db().select().from(purchases).where(eq(purchases.paymentIntentId, paymentIntentId)).limit(1);
  return row ?? null;
}
