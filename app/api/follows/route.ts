import { authedRoute } from '@/lib/api/route';
import { listFollowingFeed } from '@/lib/follows/service';
import { pagedResponse } from '@/lib/http/link';
import { followingFeedQuerySchema } from '@/lib/validation/follows';

// GET /api/follows?cursor=: the viewer's Following feed, the published envolvements of the
// creators they follow, newest first, 24 at a time; the Link header names the next page.
export const GET = authedRoute(
  async ({ request, viewer, query }) =>
    pagedResponse(request, await listFollowingFeed(viewer.id, query.cursor ?? null)),
  { query: followingFeedQuerySchema },
);
