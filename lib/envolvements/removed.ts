import 'server-only';
import { gt, isNotNull, sql } from 'drizzle-orm';
import { db } from '@/lib/db/client';
import { envolvements } from '@/models';

// The ids of envolvements their creators removed, held in memory so that the proxy can tell
// a removed envolvement's page (410 Gone) from a live one without asking the database on
// every request: a visitor's page comes from the cache, and so should its status.
//
// Removal is final (an archived row is never brought back), so the set only grows. It is read
// from the database once per process, then kept in step two ways: a removal in this process
// adds its id at once (`noteRemoved`), and a removal in another instance is picked up by a
// read of what was removed since, at most every REFRESH_MS, started by a request and not
// waited for. Until then that instance renders the removed page fresh (the removal dropped it
// from the shared cache) and shows the notice, with a 200 for those few seconds.

/** How stale the set may grow before a request starts a read of what was removed since. */
export const REFRESH_MS = 10_000;
/**
 * How far back each read looks before the newest removal it has seen: a removal is stamped
 * when its transaction starts and may commit after a later one was read.
 */
const OVERLAP_MS = 60_000;

type Removed = {
  ids: Set<string>;
  /** The newest removal time read, or null before the first read. */
  newest: Date | null;
  readAt: number;
  reading: Promise<void> | null;
};

// One set per process: the proxy and the route handlers are bundled apart, so a module-level
// value would be two sets.
const state = ((globalThis as { __envolveRemoved?: Removed }).__envolveRemoved ??= {
  ids: new Set(),
  newest: null,
  readAt: 0,
  reading: null,
});

async function readSince(since: Date | null): Promise<void> {
  const rows = await db()
    .select({ id: envolvements.id, archivedAt: envolvements.archivedAt })
    .from(envolvements)
    .where(since ? gt(envolvements.archivedAt, since) : isNotNull(envolvements.archivedAt))
    .orderBy(sql`${envolvements.archivedAt}`);
  for (const row of rows) {
    state.ids.add(row.id);
    if (row.archivedAt && (!state.newest || row.archivedAt > state.newest)) state.newest = row.archivedAt;
  }
}

function refresh(): Promise<void> {
  state.reading ??= (async () => {
    const since = state.newest ? new Date(state.newest.getTime() - OVERLAP_MS) : null;
    const first = state.readAt === 0;
    try {
      await readSince(since);
      state.readAt = Date.now();
    } catch (error) {
      // The first read is waited for and its failure reported; a later one is retried next time.
      if (first) throw error;
    } finally {
      state.reading = null;
    }
  })();
  return state.reading;
}

/**
 * Whether the creator removed this envolvement. The first call in a process waits for the
 * set to be read; later ones answer from memory, starting a refresh when it is due.
 */
export async function isRemoved(id: string): Promise<boolean> {
  if (state.readAt === 0) await refresh();
  else if (Date.now() - state.readAt > REFRESH_MS) void refresh();
  return state.ids.has(id);
}

/** Records a removal made by this process, so its next request is answered 410 at once. */
export function noteRemoved(id: string): void {
  state.ids.add(id);
}

/** Forgets what was read, for tests that start from an empty database. */
export function forgetRemoved(): void {
  state.ids.clear();
  state.newest = null;
  state.readAt = 0;
}
