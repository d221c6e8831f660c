import { z } from 'zod/mini';
import { checkText } from './text';

/** The longest page path `GET /api/me?page=` takes: any of the site's is far shorter. */
export const PAGE_PATH_MAX = 512;

/** `GET /api/me`: which page's parts to add, by its path (`/envolvement/{id}`). */
export const meQuerySchema = z.object({
  page: z.optional(
    z
      .string()
      .check(
        z.maxLength(PAGE_PATH_MAX, `The page must be ${PAGE_PATH_MAX} characters or fewer`),
        z.startsWith('/', 'The page must be a path of this site'),
        checkText('The page'),
      ),
  ),
});
