import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Viewer } from '@/lib/auth/types';
import { db, type Tx } from '@/lib/db/client';
import { rows } from '@/lib/db/rows';
import { isPublishedSql } from '@/lib/envolvements/conditions';
import { heldMembership } from '@/lib/envolvements/membership';
import { REMOVED_MESSAGE } from '@/lib/envolvements/rules';
import { NOT_FOUND_MESSAGE } from '@/lib/envolvements/service';
import { AppError } from '@/lib/http/errors';
import { kindSql, notificationCtes } from '@/lib/notifications/write';
import { envolvements, purchases, spotWaits } from '@/models';
import { WAIT_REFUSALS, waitRefusal } from './rules';

// "Tell me when a spot opens": who waits for a spot on a sold-out envolvement, and the
// telling of the first of them when one frees up, in the transaction that frees it.

export type WaitState = { waiting: boolean };

const isHeldBy = (tx: Tx, envolvementId: string, userId: string) =>
  tx
    .select({ id: purchases.id })
    .from(purchases)
    .where(and(eq(purchases.envolvementId, envolvementId), eq(purchases.userId, userId), heldMembership))
    .limit(1);

/**
 * The viewer starts waiting for a spot; `created` is false when they already were (their
 * place stays). The envolvement's row is read FOR SHARE: a refund or a join changes the
 * spot count by updating that row, so it waits for this check or this check waits for it,
 * and a wait is never taken while a spot stands free that nobody will be told of.
 */
export async function startWaiting(viewer: Viewer, envolvementId: string): Promise<WaitState & { created: boolean }> {
  return db().transaction(async (tx) => {
    const [row] = await tx
      .select({
        creatorId: envolvements.creatorId,
        isActive: envolvements.isActive,
        archivedAt: envolvements.archivedAt,
        endDate: envolvements.endDate,
        quantity: envolvements.quantity,
        unlimited: envolvements.unlimited,
        currentCount: envolvements.currentCount,
      })
      .from(envolvements)
      .where(eq(envolvements.id, envolvementId))
      .for('share');
    if (!row) throw new AppError('not_found', NOT_FOUND_MESSAGE);
    if (row.archivedAt) throw new AppError('gone', REMOVED_MESSAGE);
    const isMember = (await isHeldBy(tx, envolvementId, viewer.id)).length > 0;
    // A draft is its creator's and its members': to anyone else it does not exist.
    if (!row.isActive && row.creatorId !== viewer.id && !isMember) throw new AppError('not_found', NOT_FOUND_MESSAGE);
    const spots = { quantity: row.quantity, unlimited: row.unlimited, currentEnvolves: row.currentCount };
    const refusal = waitRefusal({ creatorId: row.creatorId, spots, endDate: row.endDate }, viewer.id, isMember);
    if (refusal) throw new AppError(refusal === 'own' ? 'forbidden' : 'conflict', WAIT_REFUSALS[refusal]);
    const added = await tx
      .insert(spotWaits)
      .values({ userId: viewer.id, envolvementId })
      .onConflictDoNothing()
      .returning({ userId: spotWaits.userId });
    return { waiting: true, created: added.length > 0 };
  });
}

async function assertEnvolvementExists(envolvementId: string): Promise<void> {
  const [row] = await db()
    .select({ id: envolvements.id })
    .from(envolvements)
    .where(eq(envolvements.id, envolvementId))
    .limit(1);
  if (!row) throw new AppError('not_found', NOT_FOUND_MESSAGE);
}

/** The viewer stops waiting; nothing to do when they were not. */
export async function stopWaiting(viewer: Viewer, envolvementId: string): Promise<WaitState> {
  await assertEnvolvementExists(envolvementId);
  await db()
    .delete(spotWaits)
    .where(and(eq(spotWaits.userId, viewer.id), eq(spotWaits.envolvementId, envolvementId)));
  return { waiting: false };
}

/** Whether the user waits for a spot on this envolvement. */
export async function isWaiting(envolvementId: string, userId: string): Promise<boolean> {
  const [row] = await db()
    .select({ userId: spotWaits.userId })
    .from(spotWaits)
    .where(and(eq(spotWaits.userId, userId), eq(spotWaits.envolvementId, envolvementId)))
    .limit(1);
  return Boolean(row);
}

/** The viewer's wait on an envolvement, for the offer dialog; 404 for an unknown one. */
export async function getWaitState(viewer: Viewer, envolvementId: string): Promise<WaitState> {
  await assertEnvolvementExists(envolvementId);
  return { waiting: await isWaiting(envolvementId, viewer.id) };
}

// The envolvement as the raw queries below name it.
const e = alias(envolvements, 'e');

/**
 * Spots were freed on the envolvement: the first `freed` people waiting (at least one;
 * everyone for null) are told and leave the list, inside the caller's transaction, so the
 * next freed spot tells the next people and a rolled-back change tells nobody. The caller
 * has updated the envolvement's row in this transaction, which holds its lock: concurrent
 * frees, joins and new waits queue behind it. Nobody is told while the envolvement is
 * unpublished, removed or ended. (Nobody on the list is a member: joining takes them off.)
 */
export async function tellFirstWaiting(tx: Tx, envolvementId: string, freed: number | null = 1): Promise<number> {
  const told = notificationCtes(sql`
    select t.user_id, null::text, ${kindSql('spot_opened')}, e.id,
      'A spot opened on ' || e.title || '. Join before someone else takes it.', '/envolvement/' || e.id
    from told t join ${envolvements} e on e.id = ${envolvementId}::uuid`);
  const [result] = await rows<{ n: number }>(
    sql`
    with told as (
      delete from ${spotWaits} w
      where w.envolvement_id = ${envolvementId}::uuid and w.user_id in (
        select q.user_id from ${spotWaits} q join envolvements e on e.id = q.envolvement_id
        where q.envolvement_id = ${envolvementId}::uuid
          and ${isPublishedSql(e)} and (e.end_date is null or e.end_date > now())
        order by q.created_at, q.user_id
        limit ${freed === null ? sql.raw('all') : Math.max(1, freed)}
      )
      returning w.user_id
    ), ${told}
    select (select count(*) from noted_notifications)::int as n`,
    tx,
  );
  return Number(result?.n ?? 0);
}

/** A removed envolvement opens no spot again: its list goes, in the removal's transaction. */
export async function clearWaits(tx: Tx, envolvementId: string): Promise<void> {
  await tx.delete(spotWaits).where(eq(spotWaits.envolvementId, envolvementId));
}

/** Someone who took a spot waits no more, in the transaction that gave it. */
export async function endWait(tx: Tx, envolvementId: string, userId: string): Promise<void> {
  await tx.delete(spotWaits).where(and(eq(spotWaits.envolvementId, envolvementId), eq(spotWaits.userId, userId)));
}
