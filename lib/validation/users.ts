import { z } from 'zod/mini';
import { checkText } from './text';

// Shared by the search box (to know when to ask) and the server (to refuse).
export const SEARCH_MIN_LENGTH = 3;
export const SEARCH_MAX_LENGTH = 100;
export const SEARCH_TOO_SHORT = 'Please enter at least 3 characters to search.';

export const userSearchSchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(SEARCH_MIN_LENGTH, { error: SEARCH_TOO_SHORT }),
    z.maxLength(SEARCH_MAX_LENGTH, { error: `Search text must be ${SEARCH_MAX_LENGTH} characters or fewer.` }),
    checkText('Search text'),
  );

/** A user as a path names them: the whole `provider|subject` or the part after the '|'. */
export const userRefSchema = z.string().check(z.trim(), z.minLength(1), z.maxLength(300), checkText('User'));

/**
 * A path segment as the user typed it. Next hands some segments over still encoded
 * (`local%7Cabc`) and others decoded; a stray '%' must not become a 500.
 */
export function decodeSegment(value: string | undefined): string {
  if (!value) return '';
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
