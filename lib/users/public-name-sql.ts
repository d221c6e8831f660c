import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from '@/models';

// lib/domain/public-name.ts as SQL, for statements that write or list a person's name
// themselves (notification texts, the e-mail greeting, the earnings CSV, search):
// tests/integration/public-name-agrees.test.ts holds each fragment to its TypeScript twin,
// row by row and for every character. Migration 0011's search_public_name keeps a copy of
// its own for the search index: schema history, written once.
//
// Each fragment takes the table or an alias of it (`alias(users, 'u')`), so a raw query can
// name its columns as `u.…`, and comes in parentheses.

// JavaScript's \s and trim() spelled out, character by character: PostgreSQL's [[:space:]]
// follows the database's locale (under C it knows no space beyond ASCII) and btrim() alone
// strips only the space.
const WHITESPACE =
  '\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff';

// public-name.ts's EMAIL_ADDRESS, /[^\s@]+@[^\s@]+\.[^\s@]+/, in PostgreSQL's regex syntax.
const RUN = `[^${WHITESPACE}@]+`;
const EMAIL_ADDRESS = `${RUN}@${RUN}\\.${RUN}`;

/** `text` holds an e-mail address; public-name.ts's containsEmailAddress. */
export function containsEmailAddressSql(text: AnyPgColumn | SQL): SQL {
  return sql`(${text} ~ ${EMAIL_ADDRESS})`;
}

type NameColumns = { name: AnyPgColumn; nickname: AnyPgColumn };

/**
 * The name shown for a person: the display name, trimmed, unless it is empty or holds an
 * e-mail address, then the handle; public-name.ts's publicName. Null where the row is
 * (a left join that found no one).
 */
export function publicNameSql(table: NameColumns = users): SQL {
  const name = sql`btrim(${table.name}, ${WHITESPACE})`;
  return sql`(case when ${name} <> '' and not ${containsEmailAddressSql(name)} then ${name} else ${table.nickname} end)`;
}
