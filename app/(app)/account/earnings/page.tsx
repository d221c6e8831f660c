import type { Metadata } from 'next';
import Link from 'next/link';
import { AccountHeading } from '@/components/account/account-heading';
import { redirect } from 'next/navigation';
import { LazyEarningsChart } from '@/components/earnings/lazy-earnings-chart';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { LineIcon } from '@/components/ui/line-icon';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { getViewer } from '@/lib/auth/viewer';
import { formatMoney } from '@/lib/domain/money';
import { getEarnings, type EarningsTotals, type EnvolvementEarnings } from '@/lib/earnings/service';
import { profileSlug } from '@/lib/envolvements/rules';
import { EARNINGS_WINDOWS, earningsQuerySchema, type EarningsWindow } from '@/lib/validation/earnings';

export const metadata: Metadata = { title: 'Earnings', robots: { index: false } };

const SECTION = 'rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6';

type EarningsPageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function EarningsPage({ searchParams }: EarningsPageProps) {
  const [viewer, raw] = await Promise.all([getViewer(), searchParams]);
  if (!viewer) redirect(`/login?callbackUrl=${encodeURIComponent('/account/earnings')}`);
  // A window the page does not offer shows the default rather than an error.
  const query = earningsQuerySchema.safeParse(raw);
  const days = query.success ? query.data.days : 30;
  const earnings = await getEarnings(viewer.id, days);
  const [site, ...others] = earnings.totals;
  const quiet = earnings.daily.every((day) => day.netCents === 0 && day.members === 0);
  const csv = `/api/earnings/${encodeURIComponent(profileSlug(viewer.id))}/export?days=${days}`;
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8 sm:px-6">
      <Header days={days} csv={csv} />

      <section aria-labelledby="earnings-summary" className="space-y-3">
        <h2 id="earnings-summary" className="sr-only">
          Summary
        </h2>
        <Summary totals={site} />
        {others.map((t) => (
          <OtherCurrency key={t.currency} totals={t} />
        ))}
      </section>

      <section className={SECTION} aria-labelledby="earnings-chart-title">
        <h2 id="earnings-chart-title" className="mb-4 text-lg font-semibold text-ink">
          Net earnings and new members
        </h2>
        {quiet ? (
          <p className="text-sm text-slate-600">No sales or new members in this period.</p>
        ) : (
          <LazyEarningsChart daily={earnings.daily} currency={site.currency} days={days} />
        )}
      </section>

      <section className={SECTION} aria-labelledby="earnings-by-envolvement">
        <h2 id="earnings-by-envolvement" className="mb-4 text-lg font-semibold text-ink">
          By envolvement
        </h2>
        {earnings.envolvements.length === 0 ? (
          <p className="text-sm text-slate-600">No sales in this period.</p>
        ) : (
          <EnvolvementTable rows={earnings.envolvements} />
        )}
      </section>
    </div>
  );
}

function Header({ days, csv }: { days: EarningsWindow; csv: string }) {
  return (
    <div>
      <AccountHeading title="Earnings">
        From the payments ledger: sales when the money arrived, refunds when it went back.
      </AccountHeading>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <WindowPicker current={days} />
        <a href={csv} download className={buttonClasses('secondary', 'sm')}>
          <LineIcon size={16}>
            <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
          </LineIcon>
          Download CSV
        </a>
      </div>
    </div>
  );
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

function WindowPicker({ current }: { current: EarningsWindow }) {
  return (
    <nav aria-label="Period" className="flex w-full rounded-lg bg-slate-100 p-1 sm:w-auto">
      {EARNINGS_WINDOWS.map((days) => (
        <Link
          key={days}
          href={`/account/earnings?days=${days}`}
          aria-current={days === current ? 'page' : undefined}
          className={cn(
            'flex-1 rounded-md px-2 py-1.5 text-center text-[13px] font-semibold whitespace-nowrap sm:flex-none sm:px-3 sm:text-sm',
            days === current ? 'bg-white text-ink shadow-sm' : 'text-slate-600 hover:text-ink',
          )}
        >
          {/* 'Last' goes on the narrowest phones, where three full labels do not fit. */}
          <span className="max-[359px]:hidden">Last </span>
          {days} days
        </Link>
      ))}
    </nav>
  );
}

/** A currency other than the site's, on one line. */
function OtherCurrency({ totals: t }: { totals: EarningsTotals }) {
  const money = (cents: number) => formatMoney(cents, t.currency);
  return (
    <p className="text-sm text-slate-600">
      <span className="font-semibold text-slate-800">{t.currency.toUpperCase()}</span>: gross {money(t.grossCents)} ·
      fees {money(t.feeCents)} · refunds {money(t.refundCents)} · net {money(t.netCents)} ({plural(t.sales, 'sale')},{' '}
      {plural(t.refunds, 'refund')})
    </p>
  );
}

function Summary({ totals }: { totals: EarningsTotals }) {
  const money = (cents: number) => formatMoney(cents, totals.currency);
  const cards: [testId: string, label: string, cents: number, caption: string][] = [
    ['earnings-gross', 'Gross sales', totals.grossCents, plural(totals.sales, 'sale')],
    ['earnings-fees', 'Platform fees', totals.feeCents, 'Less fees returned with refunds'],
    ['earnings-refunds', 'Refunds', totals.refundCents, plural(totals.refunds, 'refund')],
    ['earnings-net', 'Net earnings', totals.netCents, 'Gross less fees and refunds'],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4 sm:gap-4">
      {cards.map(([id, label, cents, caption]) => (
        <div key={id} data-testid={id} className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
          <dt className="text-sm font-medium text-slate-600">{label}</dt>
          <dd className="mt-1 text-xl font-bold break-words text-ink tabular-nums sm:text-2xl">{money(cents)}</dd>
          <dd className="mt-1 text-xs text-slate-500">{caption}</dd>
        </div>
      ))}
    </dl>
  );
}

const CELL = 'px-3 py-2.5 text-right tabular-nums';

function EnvolvementTable({ rows }: { rows: EnvolvementEarnings[] }) {
  return (
    // Five columns do not fit a phone: the table scrolls inside its box, never the page, and
    // the box shows that there is more to the side.
    <ScrollRegion label="Earnings by envolvement" className="-mx-4 sm:mx-0">
      <table className="w-full min-w-[32rem] text-sm">
        <thead className="border-b border-slate-200 text-slate-600">
          <tr>
            <th scope="col" className="px-3 py-2 text-left font-medium">
              Envolvement
            </th>
            {['Members', 'Sales', 'Refunded', 'Net'].map((label) => (
              <th key={label} scope="col" className="px-3 py-2 text-right font-medium">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={`${row.id}-${row.currency}`}>
              <th scope="row" className="px-3 py-2.5 text-left font-medium">
                <Link href={`/envolvement/${row.id}`} className="text-brand-700 hover:underline">
                  {row.title}
                </Link>
              </th>
              <td className={CELL}>{row.members}</td>
              <td className={CELL}>{row.sales}</td>
              <td className={CELL}>{formatMoney(row.refundedCents, row.currency)}</td>
              <td className={cn(CELL, 'font-semibold text-ink')}>{formatMoney(row.netCents, row.currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
