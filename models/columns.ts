import 'server-only';
import { sql } from 'drizzle-orm';
import { index, integer, text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

// Columns many tables share, written once. The references to a user, an envolvement or a
// payment sit beside their tables (userRef in ./users.ts, envolvementRef in ./envolvements.ts,
// paymentRef in ./payments.ts).

/** A random UUID primary key named `id`. */
export const primaryId = () => uuid('id').primaryKey().defaultRandom();

/** A moment in time: every timestamp of the schema keeps its time zone. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** When the row was written. */
export const createdAt = () => timestamptz('created_at').notNull().defaultNow();

/** When the row last changed; the code that changes it sets it. */
export const updatedAt = () => timestamptz('updated_at').notNull().defaultNow();

/**
 * The delivery state of an e-mail outbox's row (lib/mail/outbox.ts runs them): workers claim
 * rows for a while (lockedUntil), so a worker that dies mid-send leaves its rows to the next,
 * and a row is sent at most once.
 */
export const outboxColumns = () => ({
  status: text('status', { enum: ['pending', 'sending', 'sent', 'skipped', 'failed'] })
    .notNull()
    .default('pending'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
  lockedUntil: timestamptz('locked_until'),
  lastError: text('last_error'),
  messageId: text('message_id'),
  sentAt: timestamptz('sent_at'),
  createdAt: createdAt(),
});

/** An outbox's index of what is due: the rows its workers look through. */
export const outboxDueIndex = (name: string, t: { nextAttemptAt: AnyPgColumn; status: AnyPgColumn }) =>
  index(name)
    .on(t.nextAttemptAt)
    .where(sql`${t.status} in ('pending', 'sending')`);

/** A list of values as SQL literals, for a check constraint's `in (…)`. */
export const sqlList = (values: readonly string[]) =>
  sql.raw(values.map((value) => `'${value.replace(/'/g, "''")}'`).join(', '));
