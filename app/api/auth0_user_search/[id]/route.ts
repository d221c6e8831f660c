import { publicRoute } from '@/lib/http/route';
import { searchUsers } from '@/lib/users/search';
import { decodeSegment } from '@/lib/validation/users';

// GET /api/auth0_user_search/{term}: the legacy form of the same search
export const GET = publicRoute(async ({ params }) => searchUsers(decodeSegment(params.id)));
