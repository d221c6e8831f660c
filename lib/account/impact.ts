import 'server-only';
import { sql } from 'drizzle-orm';
import { rows } from '@/lib/db/rows';
import { LIVE_PAYMENT_STATUSES, OPEN_PAYMENT_STATUSES } from '@/lib/domain/payment-status';

/** What deleting the account does, in this account's numbers, said before the owner confirms. */
export type AccountDeletionImpact = {
  /** Their envolvements not removed yet: on sale, and drafts nobody sees. */
  live: number;
  drafts: number;
  /** People holding a membership of those. */
  members: number;
  /** Paid memberships refunded in full, and what goes back in each currency. */
  paidMembers: number;
  refunds: Array<{ currency: string; cents: number }>;
  /** Checkouts of those envolvements that buyers opened and have not paid. */
  openCheckouts: number;
  /** The owner's own unpaid checkouts, as a buyer. */
  ownOpenCheckouts: number;
  /** Envolvements the owner joined and still belongs to. */
  memberships: number;
  /** Whether they have a Stripe account whose dashboard they can open (its details were sent). */
  stripeDashboard: boolean;
};

const list = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/**
 * The dialog's numbers, in two statements. They count what deleting touches: the removal
 * path (lib/creator/removal.ts) refunds every live payment not already marked for a refund
 * of its own, as getRemovalImpact counts them for one envolvement.
 */
export async function getAccountDeletionImpact(userId: string): Promise<AccountDeletionImpact> {
  const [[counts], refunds] = await Promise.all([
    rows<Omit<AccountDeletionImpact, 'refunds' | 'paidMembers'>>(sql`
      with own as (
        select id, is_active from envolvements where creator_id = ${userId} and archived_at is null
      )
      select
        (select count(*) from own where is_active)::int as live,
        (select count(*) from own where not is_active)::int as drafts,
        (select count(*) from purchases p join own on own.id = p.envolvement_id where p.ended_at is null)::int
          as members,
        (select count(*) from payments p join own on own.id = p.envolvement_id
          where p.status in (${list(OPEN_PAYMENT_STATUSES)}))::int as "openCheckouts",
        (select count(*) from payments where buyer_id = ${userId}
          and status in (${list(OPEN_PAYMENT_STATUSES)}))::int as "ownOpenCheckouts",
        (select count(*) from purchases where user_id = ${userId} and ended_at is null)::int as memberships,
        coalesce((select details_submitted from payout_accounts where user_id = ${userId}), false)
          as "stripeDashboard"`),
    rows<{ currency: string; n: number; cents: number }>(sql`
      select p.currency, count(*)::int as n, sum(p.amount_cents - p.amount_refunded_cents)::int as cents
      from payments p
      join envolvements e on e.id = p.envolvement_id
      where e.creator_id = ${userId} and e.archived_at is null
        and p.status in (${list(LIVE_PAYMENT_STATUSES)}) and p.refund_reason is null
      group by p.currency
      order by p.currency`),
  ]);
  return {
    ...counts!,
    paidMembers: refunds.reduce((total, row) => total + Number(row.n), 0),
    refunds: refunds.map((row) => ({ currency: row.currency, cents: Number(row.cents) })),
  };
}
