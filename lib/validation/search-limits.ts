// The limits of search text, apart from the schemas that check them (explore.ts): the top
// bar's search needs them in every page, and must not bring zod along.

/** The longest search text Explore and the suggestions take. */
export const SEARCH_TEXT_MAX = 200;

/** Suggestions start from this many characters of trimmed text; fewer suggest nothing. */
export const SUGGEST_MIN_LENGTH = 2;
