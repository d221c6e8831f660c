import 'server-only';
import { sql } from 'drizzle-orm';
import { rows } from '@/lib/db/rows';
import { isOneTypoAway, TYPO_MIN_LENGTH } from '@/lib/domain/typos';

/** How many of a word's nearest words by trigrams are looked at for one a typo away. */
const NEAR_COUNT = 32;

type QueryWord = { word: string; last: boolean; stems: string[]; near: string[] | null };

// A lexeme as the text of a tsquery reads it: quoted, with its quotes and backslashes escaped.
const lexeme = (word: string) => `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/** One word of the query: as typed, its English stems, and the words one typo away. */
function termOf({ word, last, stems, near }: QueryWord): string {
  // The database lists the nearest words only for a word long enough and found nowhere.
  const typos = (near ?? []).filter((other) => isOneTypoAway(word, other));
  const others = [...new Set([...stems, ...typos])].filter((other) => other !== word);
  // The word being typed matches as the start of a word.
  const alternatives = [`${lexeme(word)}${last ? ':*' : ''}`, ...others.map(lexeme)];
  return alternatives.length === 1 ? alternatives[0]! : `(${alternatives.join(' | ')})`;
}

/**
 * The full-text query of a search, as text for a `tsquery`: every word of `text` must match,
 * in any order, written as typed or in another form of the same English word, or with one
 * typo forgiven in a word of five letters or more; the last word as the start of a word.
 * The database splits the text into words the way it splits what it searches (accents and
 * case removed, a hyphen a space). Null when the text holds no word at all.
 */
export async function searchQuery(text: string): Promise<string | null> {
  const words = await rows<QueryWord>(
    sql`select word, last, stems, near from search_query_words(${text}, ${TYPO_MIN_LENGTH}, ${NEAR_COUNT})`,
  );
  return words.length === 0 ? null : words.map(termOf).join(' & ');
}
