import 'server-only';
import { stringify } from 'csv-stringify/sync';
import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { rows } from '@/lib/db/rows';
import { formatAmount } from '@/lib/domain/money';
import { siteCurrency } from '@/lib/stripe/config';
import { publicNameSql } from '@/lib/users/public-name-sql';
import { users } from '@/models';

import type { EarningsWindow } from '@/lib/validation/earnings';

export type EarningsTotals = {
  currency: string;
  grossCents: number;
  /** The platform's fees, less what it gave back with refunds. */
  feeCents: number;
  refundCents: number;
  netCents: number;
  sales: number;
  refunds: number;
};

export type EarningsDay = { date: string; netCents: number; members: number };

export type EnvolvementEarnings = {
  id: string;
  title: string;
  members: number;
  sales: number;
  refundedCents: number;
  netCents: number;
  currency: string;
};

export type EarningsDto = {
  days: EarningsWindow;
  from: string;
  to: string;
  totals: EarningsTotals[];
  daily: EarningsDay[];
  envolvements: EnvolvementEarnings[];
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** The first instant of the window: midnight UTC, `days - 1` days before today. */
export function windowStart(days: number, now: Date): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(today - (days - 1) * DAY_MS);
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

type TotalsRow = {
  currency: string;
  gross: number;
  fee: number;
  refund: number;
  sales: number;
  refunds: number;
};

function windowOf(creatorId: string, from: Date): SQL {
  return sql`e.creator_id = ${creatorId} and e.occurred_at >= ${from.toISOString()}::timestamptz`;
}

// The window's totals per currency; the site's currency always comes first, even before
// the first sale, and any other follows it.
async function totalsOf(creatorId: string, from: Date, currency: string): Promise<EarningsTotals[]> {
  const found = await rows<TotalsRow>(sql`
    select e.currency,
      coalesce(sum(e.gross_cents) filter (where e.kind = 'sale'), 0)::int as gross,
      coalesce(sum(e.fee_cents), 0)::int as fee,
      coalesce(-sum(e.gross_cents) filter (where e.kind = 'refund'), 0)::int as refund,
      count(*) filter (where e.kind = 'sale')::int as sales,
      count(*) filter (where e.kind = 'refund')::int as refunds
    from earnings_entries e
    where ${windowOf(creatorId, from)}
    group by e.currency`);
  const byCurrency = new Map(found.map((row) => [row.currency, row]));
  const currencies = [currency, ...[...byCurrency.keys()].filter((c) => c !== currency).sort()];
  return currencies.map((c) => {
    const row = byCurrency.get(c);
    const gross = Number(row?.gross ?? 0);
    const fee = Number(row?.fee ?? 0);
    const refund = Number(row?.refund ?? 0);
    return {
      currency: c,
      grossCents: gross,
      feeCents: fee,
      refundCents: refund,
      netCents: gross - fee - refund,
      sales: Number(row?.sales ?? 0),
      refunds: Number(row?.refunds ?? 0),
    };
  });
}

// Every day of the window, oldest first: the net earned in the site's currency and the
// people who joined any of the creator's envolvements (free or paid).
async function dailyOf(creatorId: string, from: Date, days: number, currency: string): Promise<EarningsDay[]> {
  const [net, members] = await Promise.all([
    rows<{ day: string; net: number }>(sql`
      select to_char(e.occurred_at at time zone 'UTC', 'YYYY-MM-DD') as day, sum(e.gross_cents - e.fee_cents)::int as net
      from earnings_entries e
      where ${windowOf(creatorId, from)} and e.currency = ${currency}
      group by 1`),
    rows<{ day: string; joined: number }>(sql`
      select to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as joined
      from envolvements v
      join purchases p on p.envolvement_id = v.id and p.created_at >= ${from.toISOString()}::timestamptz
      where v.creator_id = ${creatorId}
      group by 1`),
  ]);
  const netByDay = new Map(net.map((r) => [r.day, Number(r.net)]));
  const membersByDay = new Map(members.map((r) => [r.day, Number(r.joined)]));
  return Array.from({ length: days }, (_, i) => {
    const date = isoDay(new Date(from.getTime() + i * DAY_MS));
    return { date, netCents: netByDay.get(date) ?? 0, members: membersByDay.get(date) ?? 0 };
  });
}

// Each envolvement that sold or refunded in the window, best earning first.
async function perEnvolvementOf(creatorId: string, from: Date): Promise<EnvolvementEarnings[]> {
  const found = await rows<{
    id: string;
    title: string;
    members: number;
    sales: number;
    refunded: number;
    net: number;
    currency: string;
  }>(sql`
    select v.id, v.title, v.current_count as members, t.currency,
      t.sales::int as sales, t.refunded::int as refunded, t.net::int as net
    from (
      select e.envolvement_id, e.currency,
        count(*) filter (where e.kind = 'sale') as sales,
        coalesce(-sum(e.gross_cents) filter (where e.kind = 'refund'), 0) as refunded,
        sum(e.gross_cents - e.fee_cents) as net
      from earnings_entries e
      where ${windowOf(creatorId, from)}
      group by e.envolvement_id, e.currency
    ) t
    join envolvements v on v.id = t.envolvement_id
    order by t.net desc, v.title asc`);
  return found.map((r) => ({
    id: r.id,
    title: r.title,
    members: Number(r.members),
    sales: Number(r.sales),
    refundedCents: Number(r.refunded),
    netCents: Number(r.net),
    currency: r.currency,
  }));
}

/**
 * What a creator earned in the last `days` days, from the payments ledger's earnings
 * entries: sales are dated when the money arrived, refunds when it went back.
 */
export async function getEarnings(creatorId: string, days: EarningsWindow, now = new Date()): Promise<EarningsDto> {
  const from = windowStart(days, now);
  const currency = siteCurrency();
  const [totals, daily, envolvements] = await Promise.all([
    totalsOf(creatorId, from, currency),
    dailyOf(creatorId, from, days, currency),
    perEnvolvementOf(creatorId, from),
  ]);
  return { days, from: isoDay(from), to: isoDay(now), totals, daily, envolvements };
}

// A cell a spreadsheet would run as a formula ('=…', '+…', '@…') is written as text.
// Amounts are the app's own numbers and keep their sign.
function cell(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** The sales and refunds of the window as CSV, oldest first, one line per ledger entry. */
export async function exportEarningsCsv(creatorId: string, days: EarningsWindow, now = new Date()): Promise<string> {
  const from = windowStart(days, now);
  const found = await rows<{
    occurred_at: string | Date;
    kind: 'sale' | 'refund';
    title: string;
    buyer: string;
    gross: number;
    fee: number;
    currency: string;
    payment_id: string;
  }>(sql`
    select e.occurred_at, e.kind, v.title, coalesce(${publicNameSql(alias(users, 'u'))}, '') as buyer,
      e.gross_cents as gross, e.fee_cents as fee, e.currency, e.payment_id
    from earnings_entries e
    join envolvements v on v.id = e.envolvement_id
    join payments p on p.id = e.payment_id
    left join users u on u.id = p.buyer_id
    where e.creator_id = ${creatorId} and e.occurred_at >= ${from.toISOString()}::timestamptz
    order by e.occurred_at asc, e.id asc`);
  const header = ['Date', 'Type', 'Envolvement', 'Buyer', 'Gross', 'Platform fee', 'Net', 'Currency', 'Payment'];
  const lines = found.map((r) => [
    new Date(r.occurred_at).toISOString(),
    r.kind === 'sale' ? 'Sale' : 'Refund',
    cell(r.title),
    cell(r.buyer),
    formatAmount(Number(r.gross), r.currency),
    formatAmount(Number(r.fee), r.currency),
    formatAmount(Number(r.gross) - Number(r.fee), r.currency),
    r.currency.toUpperCase(),
    r.payment_id,
  ]);
  return stringify([header, ...lines]);
}
