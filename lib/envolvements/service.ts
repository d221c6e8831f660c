import 'server-only';
import type { Viewer } from '@/lib/auth/types';
import { AppError } from '@/lib/http/errors';
import type { EnvolvementRow } from '@/models';
import { getEnvolvementRow } from './queries';
import { REMOVED_MESSAGE } from './rules';

// Reading an envolvement for a change: found, the viewer's own, not removed. What a creator
// changes, and what follows from it (checkouts canceled, members told), is lib/creator's.

export const NOT_FOUND_MESSAGE = 'Envolvement not found';

export async function getEnvolvementOrThrow(id: string): Promise<EnvolvementRow> {
  const row = await getEnvolvementRow(id);
  if (!row) throw new AppError('not_found', NOT_FOUND_MESSAGE);
  return row;
}

/** The row, when `viewer` created it; 404 when unknown, 403 for anyone else. */
export async function getOwnEnvolvementOrThrow(viewer: Viewer, id: string, action: string): Promise<EnvolvementRow> {
  const row = await getEnvolvementOrThrow(id);
  if (row.creatorId !== viewer.id) throw new AppError('forbidden', `Only the creator can ${action} this envolvement.`);
  return row;
}

/** A removed (archived) envolvement is kept for its members as it was: nothing changes it. */
export function assertNotRemoved(row: Pick<EnvolvementRow, 'archivedAt'>): void {
  if (row.archivedAt) throw new AppError('gone', REMOVED_MESSAGE);
}
