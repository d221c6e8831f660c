import { listEnvolvements } from '@/lib/envolvements/list';
import { publicRoute } from '@/lib/api/route';
import { pullQuerySchema } from '@/lib/validation/explore';

// GET /api/post/pull: a page of envolvements, newest first (?limit=&cursor=&q=&category=)
export const GET = publicRoute(
  async ({ query, viewer }) => listEnvolvements({ ...query, categories: query.category, viewerId: viewer?.id ?? null }),
  { query: pullQuerySchema },
);
