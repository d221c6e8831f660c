import 'server-only';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { db } from '@/lib/db/client';
import { payments, purchases } from '@/models';
import type { MembershipDto } from './types';

// What counts as a member, said once for every query that asks.

/** A membership that holds its spot: not ended by a refund or a lost dispute. */
export const heldMembership = isNull(purchases.endedAt);

/** The user's latest membership of each of these envolvements (held or ended), with its payment's state. */
export async function loadMemberships(
  envolvementIds: string[],
  userId: string | null,
): Promise<Map<string, MembershipDto>> {
  const memberships = new Map<string, MembershipDto>();
  if (!userId || envolvementIds.length === 0) return memberships;
  const rows = await db()
    .select({
      envolvementId: purchases.envolvementId,
      createdAt: purchases.createdAt,
      amountCents: purchases.amountCents,
      currency: purchases.currency,
      paymentIntentId: purchases.paymentIntentId,
      endReason: purchases.endReason,
      paymentStatus: payments.status,
      paidAt: payments.paidAt,
    })
    .from(purchases)
    .leftJoin(payments, eq(payments.id, purchases.paymentIntentId))
    .where(and(eq(purchases.userId, userId), inArray(purchases.envolvementId, envolvementIds)))
    .orderBy(asc(purchases.createdAt));
  // Oldest first, so a later membership (joined again after a refund) wins.
  for (const row of rows) {
    memberships.set(row.envolvementId, {
      joinedAt: row.createdAt.toISOString(),
      amountCents: row.amountCents,
      currency: row.currency,
      free: row.paymentIntentId === null,
      endReason: row.endReason,
      paymentStatus: row.paymentStatus,
      paidAt: row.paidAt?.toISOString() ?? null,
    });
  }
  return memberships;
}
