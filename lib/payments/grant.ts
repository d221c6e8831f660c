import 'server-only';
import { and, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { envolvementTag, invalidate } from '@/lib/cache';
import type { Tx } from '@/lib/db/client';
import { isUniqueViolation } from '@/lib/db/errors';
import { rows } from '@/lib/db/rows';
import { hasFreeSpotSql, isPublishedSql } from '@/lib/envolvements/conditions';
import { getEnvolvementRow, hasPurchased } from '@/lib/envolvements/queries';
import type { WelcomeDto } from '@/lib/envolvements/welcome';
import { CHECKOUT_REFUSALS, checkoutDecision, REMOVED_MESSAGE, type CheckoutDecision } from '@/lib/envolvements/rules';
import { AppError } from '@/lib/http/errors';
import { ENVOLVEMENT_NOT_FOUND } from '@/lib/domain/payment-messages';
import { notifyPaid } from '@/lib/notifications/events';
import { queuePaymentReceipt, queueWelcome, welcomeMailSql } from '@/lib/notifications/member-mail';
import { kindSql, notificationCtes } from '@/lib/notifications/write';
import { envolvements, purchases, spotWaits, users, type EnvolvementRow } from '@/models';
import { endWait } from '@/lib/spot-waits/service';
import { publicNameSql } from '@/lib/users/public-name-sql';

type Refusal = Exclude<CheckoutDecision, 'free' | 'paid'>;

/** The error the API answers for a refused checkout, with the spec's title as message. */
export function refusalError(decision: Refusal): AppError {
  if (decision === 'own') return new AppError('forbidden', CHECKOUT_REFUSALS.own.message);
  return new AppError('conflict', CHECKOUT_REFUSALS[decision].title);
}

export async function getCheckoutState(envolvementId: string, userId: string) {
  const [row, bought] = await Promise.all([getEnvolvementRow(envolvementId), hasPurchased(envolvementId, userId)]);
  return checkoutStateOf(row, userId, bought);
}

/** What a checkout may do with this envolvement for this user; throws for one they may not see. */
function checkoutStateOf<R extends CheckoutRow>(row: R | null, userId: string, bought: boolean) {
  if (!row) throw new AppError('not_found', ENVOLVEMENT_NOT_FOUND);
  if (row.archivedAt) throw new AppError('gone', REMOVED_MESSAGE);
  // A draft is its creator's and its members': to anyone else it does not exist.
  if (!row.isActive && row.creatorId !== userId && !bought) throw new AppError('not_found', ENVOLVEMENT_NOT_FOUND);
  return { row, decision: checkoutDecision(toState(row), userId, bought) };
}

export function toState(row: CheckoutRow) {
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
 * Takes a spot and records the membership, inside the caller's transaction. The spot is
 * taken by a single conditional UPDATE, so concurrent claims can neither oversell nor join
 * a closed or removed envolvement: the row lock orders them and the WHERE clause re-checks.
 * It also re-checks the price: a payment for a price the creator has since changed (or
 * made free) takes no spot, whichever of the edit and the payment reaches the row first.
 * False when no spot could be taken; the partial unique key (one held membership per user)
 * throws a unique violation for a second join.
 */
export async function takeSpot(tx: Tx, grant: Grant): Promise<boolean> {
  const taken = await tx
    .update(envolvements)
    .set({ currentCount: sql`${envolvements.currentCount} + 1` })
    .where(
      and(
        eq(envolvements.id, grant.envolvementId),
        eq(envolvements.priceCents, grant.amountCents),
        eq(envolvements.currency, grant.currency),
        isPublishedSql(),
        ne(envolvements.creatorId, grant.userId),
        hasFreeSpotSql(),
        or(isNull(envolvements.endDate), gt(envolvements.endDate, sql`now()`)),
      ),
    )
    .returning({ id: envolvements.id });
  if (taken.length === 0) return false;
  const [joined] = await tx
    .insert(purchases)
    .values({
      envolvementId: grant.envolvementId,
      userId: grant.userId,
      amountCents: grant.amountCents,
      currency: grant.currency,
      paymentIntentId: grant.paymentIntentId ?? null,
    })
    .returning({ id: purchases.id });
  await endWait(tx, grant.envolvementId, grant.userId);
  // The member's welcome and receipt are queued here and sent once this commits.
  await queueWelcome(tx, joined!.id);
  if (grant.paymentIntentId) {
    await notifyPaid(tx, grant);
    await queuePaymentReceipt(tx, grant.paymentIntentId);
  }
  return true;
}

/**
 * The one path that gives a membership without a card payment: a spot and a purchase in a
 * single statement, at the price the caller agreed to. One round trip, and the row lock on
 * the envolvement lasts only while the statement runs, so a crowd claiming the last spots
 * queues for microseconds, not for a transaction's round trips. The same statement reads
 * what a refusal needs to say why (as the envolvement stood when the statement began), and
 * what the new member is welcomed with.
 */
export async function grantAccess(grant: Omit<Grant, 'currency'>): Promise<WelcomeDto> {
  let outcome: ClaimOutcome;
  try {
    outcome = await claim(grant);
  } catch (error) {
    if (isUniqueViolation(error)) throw refusalError('already_bought');
    throw error;
  }
  if (outcome.taken) {
    // One spot fewer: its visitors' page counts again.
    invalidate(envolvementTag(grant.envolvementId));
    return outcome.welcome!;
  }
  let { decision } = checkoutStateOf(outcome.row, grant.userId, outcome.bought);
  if (decision === 'paid' && grant.amountCents === 0) throw new AppError('bad_request', REQUIRES_PAYMENT);
  // It read as open when the statement began, so something changed while it waited for the
  // row: read it again to say what (the last spot taken, or the creator removing it).
  if (decision === 'free' || decision === 'paid')
    ({ decision } = await getCheckoutState(grant.envolvementId, grant.userId));
  throw refusalError(decision === 'free' || decision === 'paid' ? 'sold_out' : decision);
}

const REQUIRES_PAYMENT = 'This envolvement requires payment.';

type CheckoutRow = Pick<
  EnvolvementRow,
  'archivedAt' | 'isActive' | 'creatorId' | 'priceCents' | 'endDate' | 'quantity' | 'unlimited' | 'currentCount'
>;
type ClaimOutcome = { taken: boolean; row: CheckoutRow | null; bought: boolean; welcome: WelcomeDto | null };
type ClaimRow = {
  taken: boolean;
  found: boolean;
  archived_at: Date | string | null;
  is_active: boolean;
  creator_id: string;
  price_cents: number;
  end_date: Date | string | null;
  quantity: number;
  unlimited: boolean;
  current_count: number;
  title: string;
  welcome_message: string;
  submissions_active: boolean;
  comments_allowed: boolean;
  bought: boolean;
};

const dateOrNull = (value: Date | string | null) => (value === null ? null : new Date(value));

async function claim({ envolvementId, userId, amountCents, paymentIntentId }: Omit<Grant, 'currency'>) {
  // The creator hears of the join in the same statement that makes it, whoever joined
  // leaves the list of those waiting for a spot, and their welcome e-mail is queued.
  const told = notificationCtes(sql`
    select e.creator_id, u.id, ${kindSql(amountCents > 0 ? 'member_paid' : 'member_joined')}, e.id,
      ${publicNameSql(alias(users, 'u'))} || ' joined ' || e.title, '/envolvement/' || e.id || '?tab=members'
    from joined, spot join ${envolvements} e on e.id = spot.id join users u on u.id = ${userId}`);
  // The outer select always gives one row.
  const [r] = await rows<ClaimRow>(sql`
    with spot as (
      update ${envolvements} set current_count = current_count + 1
      where id = ${envolvementId}::uuid and ${isPublishedSql()}
        and creator_id <> ${userId} and price_cents = ${amountCents}
        and ${hasFreeSpotSql()} and (end_date is null or end_date > now())
      returning id, currency
    ), joined as (
      insert into ${purchases} (envolvement_id, user_id, amount_cents, currency, payment_intent_id)
      select id, ${userId}, ${amountCents}, currency, ${paymentIntentId ?? null} from spot
      returning id, user_id, envolvement_id
    ), welcomed as (${welcomeMailSql(sql`joined`)}
    ), unwaited as (
      delete from ${spotWaits} w
      where w.envolvement_id = ${envolvementId}::uuid and w.user_id = ${userId} and exists (select 1 from joined)
    ), ${told}
    select exists (select 1 from joined) as taken, e.id is not null as found,
      e.archived_at, e.is_active, e.creator_id, e.price_cents, e.end_date, e.quantity, e.unlimited, e.current_count,
      e.title, e.welcome_message, e.submissions_active, e.comments_allowed,
      exists (
        select 1 from ${purchases} held
        where held.envolvement_id = ${envolvementId}::uuid and held.user_id = ${userId} and held.ended_at is null
      ) as bought
    from (select 1) as one left join ${envolvements} e on e.id = ${envolvementId}::uuid`);
  const outcome: ClaimOutcome = {
    taken: r.taken,
    bought: r.bought,
    row: r.found
      ? {
          archivedAt: dateOrNull(r.archived_at),
          isActive: r.is_active,
          creatorId: r.creator_id,
          priceCents: r.price_cents,
          endDate: dateOrNull(r.end_date),
          quantity: r.quantity,
          unlimited: r.unlimited,
          currentCount: r.current_count,
        }
      : null,
    // Only a joined envolvement is one the claim could take: published, not removed.
    welcome: r.taken
      ? {
          envolvementId,
          title: r.title,
          welcomeMessage: r.welcome_message,
          submissionsOpen: r.submissions_active,
          comments: r.comments_allowed,
        }
      : null,
  };
  return outcome;
}

/**
 * One-click join of a free envolvement: the claim goes first, and only a refused one reads
 * the envolvement to say why, so a join that succeeds costs one statement. Gives the welcome.
 */
export function claimFree(userId: string, envolvementId: string): Promise<WelcomeDto> {
  return grantAccess({ envolvementId, userId, amountCents: 0 });
}
