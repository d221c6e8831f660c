import { clientIp } from '@/lib/http/client-ip';
import { publicRoute } from '@/lib/http/route';
import { searchUsers } from '@/lib/users/search';
import { decodeSegment } from '@/lib/validation/users';

// GET /api/auth0_user_search/{term}: the legacy form of the same search
export const GET = publicRoute(async ({ request, params, viewer }) =>
  searchUsers(decodeSegment(params.id), viewer?.id ?? clientIp(request.headers)),
);
