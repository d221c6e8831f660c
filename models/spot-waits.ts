import 'server-only';
import { index, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { envolvementRef } from './envolvements';
import { userRef } from './users';
import { createdAt } from './columns';

// Who asked to be told when a spot opens on a sold-out envolvement. A row lasts until its
// person is told, joins or stops waiting; the first to ask are told first.
export const spotWaits = pgTable(
  'spot_waits',
  {
    userId: userRef('user_id', 'cascade'),
    // The list of a deleted envolvement goes with it; a removed (archived) one clears it itself.
    envolvementId: envolvementRef('cascade'),
    createdAt: createdAt(),
  },
  (t) => [
    // One wait per person and envolvement: asking again keeps their place.
    primaryKey({ columns: [t.userId, t.envolvementId] }),
    // The queue of an envolvement in the order people asked, the user as the tie-break.
    index('spot_waits_queue_idx').on(t.envolvementId, t.createdAt, t.userId),
  ],
);

export type SpotWaitRow = typeof spotWaits.$inferSelect;
