import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { envolvements } from '@/models';

// The rules of rules.ts that queries filter by, as SQL: each fragment here is the twin of a
// predicate there, and tests/integration/rules-agree.test.ts holds the two to the same
// answer row by row. The partial index envolvements_listed_newest_idx and the trigger that
// keeps envolvement_categories.listed (migration 0004) hold their own copies of
// isPublishedSql: they are schema history, written once.
//
// Each fragment takes the table or an alias of it (`alias(envolvements, 'e')`), so a raw
// query can name its columns as `e.…`, and comes in parentheses: drizzle's and()/or() join
// their parts without any.

type PublishedColumns = { archivedAt: AnyPgColumn; isActive: AnyPgColumn };

/** Published: active and not removed; rules.ts's isPublished. */
export function isPublishedSql(table: PublishedColumns = envolvements): SQL {
  return sql`(${table.archivedAt} is null and ${table.isActive})`;
}

type SpotColumns = { unlimited: AnyPgColumn; currentCount: AnyPgColumn; quantity: AnyPgColumn };

/** A spot can be taken: unlimited, or fewer taken than there are; rules.ts's hasFreeSpot. */
export function hasFreeSpotSql(table: SpotColumns = envolvements): SQL {
  return sql`(${table.unlimited} or ${table.currentCount} < ${table.quantity})`;
}

type EndColumns = { endDate: AnyPgColumn };

/** Its end date has passed (none never does) at `now`; rules.ts's hasEnded. */
export function hasEndedSql(table: EndColumns = envolvements, now: Date = new Date()): SQL {
  return sql`(${table.endDate} is not null and ${table.endDate} < ${now.toISOString()}::timestamptz)`;
}
