import { AppError } from '@/lib/http/errors';
import { isStorableDate } from '@/lib/validation/envolvement';
import { isUuid } from '@/lib/validation/ids';

/**
 * A keyset position in a newest-first list: (created_at, id), stable under inserts, each
 * row once. A ranked search adds its score, which orders before time.
 */
export type Position = { createdAt: Date; id: string; score?: number };

export function encodeCursor(position: Position): string {
  const parts = [position.createdAt.toISOString(), position.id];
  if (position.score !== undefined) parts.push(String(position.score));
  return Buffer.from(parts.join('|')).toString('base64url');
}

// A cursor comes back from the client: its id goes into a uuid cast and its time into a
// timestamptz, so anything PostgreSQL would refuse is refused here as a bad cursor.
export function decodeCursor(cursor: string): Position {
  const [at, id, score, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at ?? '');
  const scored = score === undefined ? undefined : Number(score);
  if (
    !isUuid(id) ||
    !isStorableDate(createdAt) ||
    rest.length > 0 ||
    (scored !== undefined && !Number.isFinite(scored))
  ) {
    throw new AppError('bad_request', 'Invalid cursor');
  }
  return scored === undefined ? { createdAt, id } : { createdAt, id, score: scored };
}

/** Whether `a` comes after `b` in a list ordered by score (when given), then newest first. */
export function isAfter(a: Position, b: Position): boolean {
  const scoreA = a.score ?? 0;
  const scoreB = b.score ?? 0;
  if (scoreA !== scoreB) return scoreA < scoreB;
  const timeA = a.createdAt.getTime();
  const timeB = b.createdAt.getTime();
  if (timeA !== timeB) return timeA < timeB;
  return a.id < b.id;
}

/**
 * A page of `size` rows from a query that asked for `size + 1`: the extra row only tells
 * that there are more. The cursor names the page's last row, or is null on the last page.
 */
export function pageWindow<R>(
  found: R[],
  size: number,
  positionOf: (row: R) => Position,
): { rows: R[]; nextCursor: string | null } {
  const rows = found.slice(0, size);
  const last = rows.at(-1);
  return { rows, nextCursor: found.length > size && last ? encodeCursor(positionOf(last)) : null };
}
