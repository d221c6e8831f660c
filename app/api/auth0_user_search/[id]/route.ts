import { publicRoute } from '@/lib/api/route';
import { searchUsers } from '@/lib/users/search';
import { decodeSegment, userSearchSchema } from '@/lib/validation/users';

// GET /api/auth0_user_search/{term}: the legacy form of the same search
export const GET = publicRoute(async ({ params }) => searchUsers(userSearchSchema.parse(decodeSegment(params.id))), {
  rateLimit: { name: 'userSearch', per: 'userOrIp' },
});
