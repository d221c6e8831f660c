import { publicRoute } from '@/lib/http/route';
import { searchUsers } from '@/lib/users/search';

// GET /api/auth0_user_search/{term}: the legacy form of the same search
export const GET = publicRoute(async ({ params }) => searchUsers(decodeURIComponent(params.id ?? '')));
