import { listEnvolvementsByCreator } from '@/lib/envolvements/creator-list';
import { AppError } from '@/lib/http/errors';
import { pagedResponse } from '@/lib/http/link';
import { publicRoute } from '@/lib/api/route';
import { findUserByIdOrSlug } from '@/lib/users/profile';
import { creatorListQuerySchema } from '@/lib/validation/creator-list';
import { decodeSegment } from '@/lib/validation/users';

// GET /api/profile/{userId}: a user's published envolvements, newest first (id whole or after
// '|'), 24 at a time: the active ones, or with ?section=ended those past their end date; with
// ?mine=1, asked by the user themselves, their drafts too. The Link header names the next
// page (?cursor=), in the same section.
export const GET = publicRoute(
  async ({ request, params, query, viewer }) => {
    const user = await findUserByIdOrSlug(decodeSegment(params.userId));
    if (!user) throw new AppError('not_found', 'User not found');
    const page = await listEnvolvementsByCreator(user.id, viewer?.id ?? null, query.cursor ?? null, query.section, {
      drafts: query.mine === '1',
    });
    return pagedResponse(request, page);
  },
  { query: creatorListQuerySchema },
);
