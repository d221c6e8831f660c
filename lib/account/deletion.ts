import 'server-only';
import { asc, eq } from 'drizzle-orm';
import type { Viewer } from '@/lib/auth/types';
import { CACHE_TAGS, envolvementTag, handleTag, invalidate, userTags } from '@/lib/cache';
import { deleteEnvolvement } from '@/lib/creator/removal';
import { db } from '@/lib/db/client';
import { AppError } from '@/lib/http/errors';
import { getOpenCheckoutIds, retireDeletedBuyerPayments } from '@/lib/payments/deleted-buyer';
import { removeStoredImages } from '@/lib/storage/remove';
import {
  passwordProofSchema,
  typedProofSchema,
  WRONG_PASSWORD,
  type DeleteAccountInput,
} from '@/lib/validation/account-deletion';
import { isAccountPassword } from '@/lib/users/password-check';
import { getAccountUser } from '@/lib/users/service';
import { envolvements } from '@/models';
import { eraseAccount } from './erase';

export type AccountDeletion = {
  /** Envolvements taken through the removal path (removed ones again). */
  removed: number;
  /** Paid memberships refunded now, and those Stripe has not confirmed yet (reconciliation finishes them). */
  refunded: number;
  refundsPending: number;
};

/** The owner proves it is them: the password of an account that has one, else the typed word. */
async function checkProof(userId: string, hasPassword: boolean, input: DeleteAccountInput): Promise<void> {
  if (!hasPassword) {
    typedProofSchema.parse(input);
    return;
  }
  const { password } = passwordProofSchema.parse(input);
  if (!(await isAccountPassword(userId, password))) {
    throw new AppError('bad_request', WRONG_PASSWORD, { password: WRONG_PASSWORD });
  }
}

/**
 * Every envolvement of theirs goes through the path a creator's own Delete takes: refunds
 * for paid members, open checkouts canceled, archived when it holds records. Removed ones
 * go through it again, which finishes refunds Stripe did not confirm the first time.
 */
async function removeEnvolvements(viewer: Viewer): Promise<AccountDeletion & { ids: string[] }> {
  const own = await db()
    .select({ id: envolvements.id })
    .from(envolvements)
    .where(eq(envolvements.creatorId, viewer.id))
    .orderBy(asc(envolvements.createdAt));
  const outcome = { removed: own.length, refunded: 0, refundsPending: 0, ids: own.map((row) => row.id) };
  for (const { id } of own) {
    const removal = await deleteEnvolvement(viewer, id).catch((error: unknown) => {
      // Deleted meanwhile (their own Delete in another tab): nothing left to do for it.
      if (error instanceof AppError && error.code === 'not_found') return null;
      throw error;
    });
    outcome.refunded += removal?.refunded ?? 0;
    outcome.refundsPending += removal?.refundsPending ?? 0;
  }
  return outcome;
}

/**
 * Deletes the viewer's account: checks the proof, removes their envolvements (members
 * refunded), then erases and re-keys the account (./erase.ts), which ends every session.
 * Once that is committed, their own checkouts are canceled (and one paid meanwhile
 * refunded), and their picture and banner files removed. Nothing is changed when the proof
 * is refused.
 */
export async function deleteAccount(viewer: Viewer, input: DeleteAccountInput): Promise<AccountDeletion> {
  const account = await getAccountUser(viewer.id);
  if (!account) throw new AppError('unauthorized', 'You must be signed in to do this.');
  await checkProof(viewer.id, account.hasPassword, input);
  // A checkout open now that becomes a membership before the erasure commits is refunded
  // too: from here on, nothing they pay for is theirs to keep.
  const openAtStart = await getOpenCheckoutIds(viewer.id);
  const { ids, ...outcome } = await removeEnvolvements(viewer);
  const erased = await eraseAccount(viewer.id);
  // Their profile, and the pages that showed them as a creator, read them again.
  invalidate(
    ...userTags(viewer.id),
    ...erased.handles.map(handleTag),
    ...ids.map(envolvementTag),
    CACHE_TAGS.lists,
    CACHE_TAGS.people,
  );
  await retireDeletedBuyerPayments(erased.anonymousId, openAtStart);
  await Promise.all([removeStoredImages('pictures', [erased.picture]), removeStoredImages('banners', [erased.banner])]);
  return outcome;
}
