import { z } from 'zod/mini';
import { cursorQuerySchema } from './explore';

// A creator's profile lists their envolvements in two sections, each paged on its own.

/** Open to join (sold out too: a spot may come back), or past their end date. */
const CREATOR_SECTIONS = ['active', 'ended'] as const;
export type CreatorSection = (typeof CREATOR_SECTIONS)[number];

/**
 * A page of one section: active when none is named, from the cursor when one is given. With
 * `mine=1` the creator's own list, drafts too, as their own profile page shows it; the public
 * profile is the same for everyone, its owner included.
 */
export const creatorListQuerySchema = z.extend(cursorQuerySchema, {
  section: z.optional(z.enum(CREATOR_SECTIONS, { error: 'section must be active or ended' })),
  mine: z.optional(z.literal('1', { error: 'mine must be 1' })),
});
