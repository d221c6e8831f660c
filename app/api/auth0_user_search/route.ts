import { clientIp } from '@/lib/http/client-ip';
import { publicRoute } from '@/lib/http/route';
import { searchUsers } from '@/lib/users/search';

// GET /api/auth0_user_search?username=: users whose nickname or name contains the text
export const GET = publicRoute(async ({ request, viewer }) =>
  searchUsers(request.nextUrl.searchParams.get('username') ?? '', viewer?.id ?? clientIp(request.headers)),
);
