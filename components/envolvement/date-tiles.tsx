import { formatDay } from '@/lib/domain/dates';

type Tile = { label: string; value: string | null };

/** End, submissions deadline, release and target dates: only those that exist. */
export function DateTiles({ tiles }: { tiles: Tile[] }) {
  const present = tiles.filter((t): t is { label: string; value: string } => Boolean(t.value));
  if (!present.length) return null;
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {present.map((tile) => (
        <div key={tile.label} className="rounded-xl border border-slate-200 bg-white p-3">
          <dt className="text-xs font-medium text-slate-500">{tile.label}</dt>
          <dd className="mt-1 font-semibold text-ink">{formatDay(tile.value)}</dd>
        </div>
      ))}
    </dl>
  );
}
