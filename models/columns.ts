import 'server-only';
import { timestamp, uuid } from 'drizzle-orm/pg-core';

// Columns many tables share, written once. The references to a user or an envolvement sit
// beside their tables (userRef in ./users.ts, envolvementRef in ./envolvements.ts).

/** A random UUID primary key named `id`. */
export const primaryId = () => uuid('id').primaryKey().defaultRandom();

/** When the row was written. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
