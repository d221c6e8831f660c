'use client';

import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
  type TooltipContentProps,
} from 'recharts';
import { formatMoney, toMajorUnits } from '@/lib/domain/money';
import type { EarningsDay } from '@/lib/earnings/service';

type Point = { label: string; net: number; netCents: number; members: number };

// Days arrive as UTC dates ('2025-11-25'), so they are read and shown in UTC too.
const dayLabel = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

const pointOf = (day: EarningsDay, currency: string): Point => ({
  label: dayLabel.format(new Date(`${day.date}T00:00:00Z`)),
  net: toMajorUnits(day.netCents, currency),
  netCents: day.netCents,
  members: day.members,
});

/** A round step ($1, $2, $2.50, $5 × a power of ten) that splits `span` into about `count` parts. */
function roundStep(span: number, count: number): number {
  const raw = span / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  return ([1, 2, 2.5, 5].find((m) => m * magnitude >= raw) ?? 10) * magnitude;
}

/**
 * Both axes' domains and ticks, with their zeros on one line: a refund day's negative bar
 * would otherwise lift the net axis's zero above the members axis's. The negative side gets
 * only the room its lowest day needs, not a whole round step.
 */
function scalesOf(data: Point[]) {
  const top = Math.max(0, ...data.map((p) => p.net));
  const bottom = Math.min(0, ...data.map((p) => p.net));
  // A step is at least one whole unit ($1), so a quiet window's axis does not count cents.
  const step = roundStep(Math.max(top - bottom, 4), 4);
  const above = Math.max(1, Math.ceil(top / step));
  const high = above * step;
  const low = bottom * 1.1;
  const netTicks: number[] = [];
  // `|| 0` because a ceil of a small negative is -0, which would print as '-$0'.
  for (let k = Math.ceil(low / step) || 0; k <= above; k++) netTicks.push(k * step);
  const memberStep = Math.max(1, Math.ceil(Math.max(...data.map((p) => p.members)) / above));
  const memberHigh = above * memberStep;
  return {
    net: { domain: [low, high], ticks: netTicks },
    members: {
      domain: [(low / high) * memberHigh, memberHigh],
      ticks: Array.from({ length: above + 1 }, (_, i) => i * memberStep),
    },
  };
}

const BRAND = '#7047f9';
const MEMBERS = '#f59e0b';
const AXIS = { tick: { fontSize: 12, fill: '#64748b' }, tickLine: false, axisLine: false } as const;

function DayTooltip({ active, payload, currency }: TooltipContentProps & { currency: string }) {
  const point = payload?.[0]?.payload as Point | undefined;
  if (!active || !point) return null;
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm shadow-md">
      <p className="font-semibold text-ink">{point.label}</p>
      <p className="text-slate-600">Net: {formatMoney(point.netCents, currency)}</p>
      <p className="text-slate-600">New members: {point.members}</p>
    </div>
  );
}

/** Daily net earnings as bars (in currency units) and new members as a line on its own axis. */
export function EarningsChart({ daily, currency }: { daily: EarningsDay[]; currency: string }) {
  const data = daily.map((day) => pointOf(day, currency));
  const scales = scalesOf(data);
  // Axis ticks stay short ('$1.2K') so a phone keeps room for the bars.
  const tick = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
    notation: 'compact',
    maximumFractionDigits: 1,
  });
  return (
    <ResponsiveContainer width="100%" height="100%">
      {/* The container is the chart's accessible image; the keyboard layer would only add a silent tab stop. */}
      <ComposedChart
        data={data}
        margin={{ top: 8, right: 0, bottom: 0, left: 0 }}
        // Past 90 days a day is a pixel or two wide: the bars touch rather than thin out.
        barCategoryGap={data.length > 90 ? 0 : '10%'}
        accessibilityLayer={false}
      >
        <CartesianGrid yAxisId="net" vertical={false} stroke="#e2e8f0" />
        <XAxis dataKey="label" {...AXIS} minTickGap={24} />
        <YAxis
          yAxisId="net"
          domain={scales.net.domain}
          ticks={scales.net.ticks}
          {...AXIS}
          width={52}
          tickFormatter={(value: number) => tick.format(value)}
        />
        <YAxis
          yAxisId="members"
          orientation="right"
          domain={scales.members.domain}
          ticks={scales.members.ticks}
          {...AXIS}
          width={32}
        />
        <Tooltip content={(props) => <DayTooltip {...props} currency={currency} />} />
        <Legend verticalAlign="top" height={32} iconSize={10} wrapperStyle={{ fontSize: 12 }} />
        <Bar
          yAxisId="net"
          dataKey="net"
          name="Net earnings"
          fill={BRAND}
          radius={[3, 3, 0, 0]}
          maxBarSize={24}
          // A small day among large ones still shows; an empty one stays flat.
          minPointSize={(value) => (value ? 2 : 0)}
        />
        <Line
          yAxisId="members"
          dataKey="members"
          name="New members"
          type="monotone"
          stroke={MEMBERS}
          strokeWidth={2}
          dot={false}
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
