'use client';

import dynamic from 'next/dynamic';
import { Skeleton } from '@/components/ui/skeleton';
import type { EarningsDay } from '@/lib/earnings/service';

// recharts loads in the browser, and only on this page: the split happens here, in a
// client module, so neither the server bundle nor other routes carry it.
const EarningsChart = dynamic(() => import('./earnings-chart').then((m) => m.EarningsChart), {
  ssr: false,
  loading: () => <Skeleton className="h-full w-full rounded-xl" />,
});

type LazyEarningsChartProps = { daily: EarningsDay[]; currency: string; days: number };

/** The chart's fixed-height frame, described for screen readers, with the chart loaded into it. */
export function LazyEarningsChart({ daily, currency, days }: LazyEarningsChartProps) {
  return (
    <div
      data-testid="earnings-chart"
      role="img"
      aria-label={`Daily net earnings and new members, last ${days} days`}
      className="h-72 w-full"
    >
      <EarningsChart daily={daily} currency={currency} />
    </div>
  );
}
