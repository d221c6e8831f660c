import 'server-only';
import { and, eq } from 'drizzle-orm';
import { db } from '@/lib/db/client';
import { envolvements, purchases } from '@/models';
import { maySee } from './rules';

/**
 * Whether an envolvement page is gone for this viewer: removed by its creator, and the
 * viewer neither created nor joined it. The same rule the page renders by (`maySee`),
 * read with two small queries so the response status can be set before rendering.
 */
export async function isGoneFor(id: string, viewer: string | null | (() => Promise<string | null>)): Promise<boolean> {
  const [row] = await db()
    .select({ archivedAt: envolvements.archivedAt, creatorId: envolvements.creatorId })
    .from(envolvements)
    .where(eq(envolvements.id, id))
    .limit(1);
  if (!row?.archivedAt) return false;
  // Who is asking matters only for a removed envolvement, so the session is read only then.
  const viewerId = typeof viewer === 'function' ? await viewer() : viewer;
  const [joined] = viewerId
    ? await db()
        .select({ joinedAt: purchases.createdAt })
        .from(purchases)
        .where(and(eq(purchases.envolvementId, id), eq(purchases.userId, viewerId)))
        .limit(1)
    : [];
  const membership = joined ? { joinedAt: joined.joinedAt.toISOString() } : null;
  return !maySee({ removed: true, active: true, userID: row.creatorId, membership }, viewerId);
}
