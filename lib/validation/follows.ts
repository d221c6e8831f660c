import { z } from 'zod/mini';
import { cursorQuerySchema } from './explore';

/**
 * A creator as /api/follows/{creatorId} names them: their whole id (`provider|subject`), the
 * part after the '|', or `@handle`. No spaces, slashes or other punctuation.
 */
export const creatorRefSchema = z.string().check(z.minLength(1), z.maxLength(300), z.regex(/^@?[\w.:|-]+$/));

export const INVALID_CREATOR = 'That is not a valid creator id.';

/** GET /api/follows?cursor=: where the Following feed's page starts, none for the newest. */
export const followingFeedQuerySchema = cursorQuerySchema;
