import 'server-only';
import { and, eq } from 'drizzle-orm';
import { db } from '@/lib/db/client';
import { envolvements, purchases } from '@/models';
import { isRemoved } from './removed';
import { maySee } from './rules';

/**
 * Whether an envolvement page is gone for this viewer: removed by its creator, and the
 * viewer neither created nor joined it. The same rule the page renders by (`maySee`), decided
 * before rendering so the response status can be set. Whether it was removed comes from the
 * set of removed envolvements in memory (./removed.ts), so a live page, and any page a
 * visitor asks for, costs no query; only a signed-in viewer of a removed one is looked up.
 */
export async function isGoneFor(id: string, viewer: string | null | (() => Promise<string | null>)): Promise<boolean> {
  if (!(await isRemoved(id))) return false;
  // Who is asking matters only for a removed envolvement, so the session is read only then.
  const viewerId = typeof viewer === 'function' ? await viewer() : viewer;
  if (!viewerId) return true;
  const [row] = await db()
    .select({ creatorId: envolvements.creatorId, joinedAt: purchases.createdAt })
    .from(envolvements)
    .leftJoin(purchases, and(eq(purchases.envolvementId, envolvements.id), eq(purchases.userId, viewerId)))
    .where(eq(envolvements.id, id))
    .limit(1);
  // Removed and then deleted for good (no record kept it): a 404, which the page answers.
  if (!row) return false;
  const membership = row.joinedAt ? { joinedAt: row.joinedAt.toISOString() } : null;
  return !maySee({ removed: true, active: true, userID: row.creatorId, membership }, viewerId);
}
