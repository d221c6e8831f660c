import { z } from 'zod';
import { publicRoute } from '@/lib/http/route';
import { listEnvolvements, MAX_PAGE_SIZE } from '@/lib/envolvements/list';
import { checkText } from '@/lib/validation/text';
import { CATEGORIES } from '@/lib/domain/categories';

const querySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, `limit must be between 1 and ${MAX_PAGE_SIZE}`)
    .max(MAX_PAGE_SIZE, `limit must be between 1 and ${MAX_PAGE_SIZE}`)
    .optional(),
  cursor: z.string().max(200).check(checkText('Cursor')).optional(),
  q: z.string().max(200, 'Search text must be 200 characters or fewer').check(checkText('Search text')).optional(),
  category: z.array(z.enum(CATEGORIES, { error: 'Unknown category' })).max(CATEGORIES.length),
});

// GET /api/post/pull: a page of envolvements, newest first (?limit=&cursor=&q=&category=)
export const GET = publicRoute(async ({ request, viewer }) => {
  const params = request.nextUrl.searchParams;
  const query = querySchema.parse({
    limit: params.get('limit') ?? undefined,
    cursor: params.get('cursor') ?? undefined,
    q: params.get('q') ?? undefined,
    category: params.getAll('category'),
  });
  return listEnvolvements({ ...query, categories: query.category, viewerId: viewer?.id ?? null });
});
