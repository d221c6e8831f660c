import 'server-only';
import { bigint, integer, pgTable, varchar } from 'drizzle-orm/pg-core';

// The counters of lib/rate-limit when the app runs on a PostgreSQL server, shared by
// every instance. The columns are the ones rate-limiter-flexible's Postgres store reads
// and writes: `key` is '<limit name>:<who>', `expire` milliseconds since the epoch.
export const rateLimits = pgTable('rate_limits', {
  key: varchar('key', { length: 255 }).primaryKey(),
  points: integer('points').notNull().default(0),
  expire: bigint('expire', { mode: 'number' }),
});
