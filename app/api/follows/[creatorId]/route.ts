import { authedRoute } from '@/lib/api/route';
import { creatorRefOf, followCreator, isFollowingRef, unfollowCreator } from '@/lib/follows/service';

const rateLimit = { name: 'follow', per: 'user' } as const;

// GET /api/follows/{creatorId}: whether the viewer follows this creator (the offer dialog asks)
export const GET = authedRoute(async ({ params, viewer }) => isFollowingRef(viewer, creatorRefOf(params.creatorId)));

// PUT /api/follows/{creatorId}: the viewer follows this creator (201 when new, 200 when they already did)
export const PUT = authedRoute(
  async ({ params, viewer }) => {
    const { created, ...state } = await followCreator(viewer, creatorRefOf(params.creatorId));
    return Response.json(state, { status: created ? 201 : 200 });
  },
  { rateLimit },
);

// DELETE /api/follows/{creatorId}: the viewer stops following this creator (200 whether or not they did)
export const DELETE = authedRoute(
  async ({ params, viewer }) => unfollowCreator(viewer, creatorRefOf(params.creatorId)),
  { rateLimit },
);
