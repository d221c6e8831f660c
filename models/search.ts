import 'server-only';
import { sql } from 'drizzle-orm';
import { customType, index, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * A weighted full-text document. The database writes it (triggers of
 * drizzle/0011_search_words.sql), never the application: it is declared so that migrations
 * and indexes know it.
 */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** A column the database fills from its row: empty until the first trigger runs. */
export const searchVector = () =>
  tsvector('search_vector')
    .notNull()
    .default(sql`''::tsvector`);

// Every word the searchable text of envolvements has held (four letters or more, accents
// and case removed), kept by the trigger that writes their vectors. A query word that is
// found nowhere is widened to its nearest words here, through the trigram index, to forgive
// one typo. Words are only added: one no longer used anywhere widens a typo to a word that
// finds nothing, which costs a few index entries and never a wrong result.
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
  },
  (t) => [index('search_words_trgm_idx').using('gist', sql`${t.word} gist_trgm_ops`)],
);
