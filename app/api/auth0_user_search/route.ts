import { z } from 'zod/mini';
import { publicRoute } from '@/lib/api/route';
import { searchUsers } from '@/lib/users/search';
import { userSearchSchema } from '@/lib/validation/users';

// No username is searched as '' and refused as too short, like any short text.
const searchQuery = z.object({
  username: z.pipe(
    z.transform((value: unknown) => value ?? ''),
    userSearchSchema,
  ),
});

// GET /api/auth0_user_search?username=: users whose nickname or name contains the text
export const GET = publicRoute(async ({ query }) => searchUsers(query.username), {
  query: searchQuery,
  rateLimit: { name: 'userSearch', per: 'userOrIp' },
});
