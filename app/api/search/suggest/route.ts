import { publicRoute } from '@/lib/api/route';
import { suggest } from '@/lib/envolvements/suggest';
import { suggestQuerySchema } from '@/lib/validation/explore';

// The same answer for everyone, and it changes when something is published or edited: a
// browser or a shared cache may keep it briefly while someone types.
const CACHE_CONTROL = 'public, max-age=30, stale-while-revalidate=30';

// GET /api/search/suggest?q=: envolvements and creators for the top bar's search as it is typed
export const GET = publicRoute(
  async ({ query }) => Response.json(await suggest(query.q ?? ''), { headers: { 'Cache-Control': CACHE_CONTROL } }),
  { query: suggestQuerySchema, rateLimit: { name: 'searchSuggestIp', per: 'ip' } },
);
