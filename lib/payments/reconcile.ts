import 'server-only';
import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { db } from '@/lib/db/client';
import { logError } from '@/lib/log';
import { envolvements, payments } from '@/models';
import { isDeletedUserId } from '@/lib/domain/deleted-member';
import { LIVE_PAYMENT_STATUSES, OPEN_PAYMENT_STATUSES } from '@/lib/domain/payment-status';
import { getPayment, markForRefund } from './ledger';
import { isOpen } from '@/lib/domain/ledger-rules';
import { isStripeConfigured } from '@/lib/stripe/client';
import { cancelIntent, syncPayment } from './sync';
import { getWithdrawReason } from './withdraw';

/** Webhooks get this long before reconciliation asks Stripe itself. */
export const RECONCILE_AFTER_MS = 5 * 60_000;
/** An intent nobody paid in a day is canceled, so the ledger does not watch it forever. */
export const ABANDON_AFTER_MS = 24 * 60 * 60_000;
/**
 * A paid payment is watched this long: a refund from the dashboard or a dispute may come
 * without a webhook that arrives, and card disputes can open up to 120 days after paying.
 */
export const WATCH_PAID_MS = 120 * 24 * 60 * 60_000;

export type ReconcileReport = { checked: number; changed: number; canceled: number; failed: number };

type ReconcileOptions = {
  /** The clock's time, for tests. */
  now?: Date;
  limit?: number;
  /**
   * How long a payment must have been left alone: RECONCILE_AFTER_MS for the scheduled run,
   * so a webhook on its way gets there first; 0 after a restart, when the webhooks of the
   * time the server was down may never come.
   */
  graceMs?: number;
  /** Only what a restart may have left waiting: open and disputed intents, refunds owed. */
  openOnly?: boolean;
  /** Only payments not checked since then: a sweep cut into several runs checks each once. */
  uncheckedSince?: Date;
  /** Once aborted, no further payment is started. */
  signal?: AbortSignal;
};

// Entries that may still change or still owe something: open or disputed intents, and paid
// ones within the dispute window, since a refund or a dispute made in Stripe's dashboard
// need not send a webhook that arrives.
function due(now: Date, options: ReconcileOptions) {
  const { graceMs = RECONCILE_AFTER_MS, openOnly = false, uncheckedSince } = options;
  const unsettled = inArray(payments.status, [...OPEN_PAYMENT_STATUSES, 'disputed']);
  const live = inArray(payments.status, [...LIVE_PAYMENT_STATUSES]);
  const conditions = [
    openOnly
      ? or(unsettled, and(live, isNotNull(payments.refundReason)))
      : or(unsettled, and(live, gt(payments.createdAt, new Date(now.getTime() - WATCH_PAID_MS)))),
  ];
  if (graceMs > 0) conditions.push(lt(payments.updatedAt, new Date(now.getTime() - graceMs)));
  if (uncheckedSince) {
    conditions.push(or(isNull(payments.reconciledAt), lt(payments.reconciledAt, uncheckedSince)));
  }
  return and(...conditions);
}

const fingerprint = (p: { status: string; amountRefundedCents: number; refundReason: string | null } | null) =>
  p ? `${p.status}|${p.amountRefundedCents}|${p.refundReason}` : '';

/**
 * Asks Stripe about every ledger entry still in a non-final state (for longer than five
 * minutes, unless told) and applies what it finds, so a webhook that never came leaves
 * nothing unaccounted; an intent still payable at an offer that changed, or abandoned, is
 * canceled. Safe on several instances at once: every step locks its payment row, moves
 * the ledger only forward, and refunds under an idempotency key.
 */
export async function reconcilePayments(options: ReconcileOptions = {}): Promise<ReconcileReport> {
  const report: ReconcileReport = { checked: 0, changed: 0, canceled: 0, failed: 0 };
  if (!isStripeConfigured()) return report;
  const now = options.now ?? new Date();
  const rows = await db()
    .select({ id: payments.id, buyerId: payments.buyerId, createdAt: payments.createdAt })
    .from(payments)
    .where(due(now, options))
    .orderBy(sql`${payments.reconciledAt} asc nulls first`, asc(payments.createdAt))
    .limit(options.limit ?? 500);
  for (const row of rows) {
    if (options.signal?.aborted) break;
    report.checked += 1;
    try {
      const before = await getPayment(row.id);
      await refundIfRemoved(row.id);
      let after = await syncPayment(row.id, 'reconcile');
      const retire = after && isOpen(after.status) && after.status !== 'processing' ? await retiring(row, now) : null;
      if (after && retire) {
        after = (await cancelIntent(row.id, retire)) ?? after;
        if (after.status === 'canceled') report.canceled += 1;
      }
      if (fingerprint(before) !== fingerprint(after)) report.changed += 1;
      // The least recently checked go first next time, so a run cut short by `limit` never
      // looks at the same rows forever.
      await db()
        .update(payments)
        .set({ reconciledAt: sql`now()` })
        .where(eq(payments.id, row.id));
    } catch (error) {
      report.failed += 1;
      logError('payments.reconcile', error, { paymentId: row.id });
    }
  }
  return report;
}

// Why an intent the buyer can still pay is canceled now, as the ledger's source: its buyer
// deleted their account, or its offer changed, and the request could not cancel it then; or
// nobody paid it in a day.
async function retiring(row: { id: string; buyerId: string; createdAt: Date }, now: Date): Promise<string | null> {
  if (isDeletedUserId(row.buyerId)) return 'reconcile:account_deleted';
  const withdrawn = await getWithdrawReason(row.id);
  if (withdrawn) return `reconcile:${withdrawn}`;
  return now.getTime() - row.createdAt.getTime() > ABANDON_AFTER_MS ? 'reconcile:abandoned' : null;
}

// A paid membership of a removed envolvement goes back in full, whenever its payment
// became refundable (a dispute won after the removal, a refund Stripe refused then).
async function refundIfRemoved(paymentId: string): Promise<void> {
  const [removed] = await db()
    .select({ id: payments.id })
    .from(payments)
    .innerJoin(envolvements, eq(envolvements.id, payments.envolvementId))
    .where(
      and(
        eq(payments.id, paymentId),
        isNotNull(envolvements.archivedAt),
        inArray(payments.status, [...LIVE_PAYMENT_STATUSES]),
      ),
    );
  if (removed) await markForRefund(paymentId, 'removed', null);
}
