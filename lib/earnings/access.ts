import 'server-only';
import type { Viewer } from '@/lib/auth/types';
import { AppError } from '@/lib/http/errors';
import { decodeSegment } from '@/lib/validation/users';

/** Earnings are their creator's alone: the id in the path (whole or after '|') must be the viewer's. */
export function assertOwnEarnings(viewer: Viewer, segment: string): void {
  const id = decodeSegment(segment);
  const own = id === viewer.id || id === viewer.id.split('|').slice(1).join('|');
  if (!own) throw new AppError('forbidden', 'You can only see your own earnings.');
}
