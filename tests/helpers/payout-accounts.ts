import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { db } from '@/lib/db/client';
import { payoutAccounts } from '@/models';
import type { FakeStripe } from './fake-stripe';

// Paid envolvements are sold through their creator's Stripe connected account. Test files
// that run a fake Stripe register it here, so creators get an account the fake knows.
let current: FakeStripe | null = null;

export function useFakeStripeAccounts(stripe: FakeStripe | null): void {
  current = stripe;
}

/**
 * Gives a creator a connected account that can take charges (at the fake Stripe when one
 * runs), unless they have one; gives its id.
 */
export async function connectCreator(userId: string, options: { ready?: boolean } = {}): Promise<string> {
  const ready = options.ready ?? true;
  const id = current ? current.addAccount({ ready }).id : `acct_test${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const [row] = await db()
    .insert(payoutAccounts)
    .values({
      userId,
      stripeAccountId: id,
      chargesEnabled: ready,
      payoutsEnabled: ready,
      detailsSubmitted: ready,
      requirementsDue: ready ? [] : ['external_account'],
    })
    .onConflictDoNothing({ target: payoutAccounts.userId })
    .returning();
  if (row) return row.stripeAccountId;
  const [existing] = await db()
    .select({ id: payoutAccounts.stripeAccountId })
    .from(payoutAccounts)
    .where(eq(payoutAccounts.userId, userId));
  return existing!.id;
}
