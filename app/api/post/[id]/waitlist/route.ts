import { authedRoute, parseId } from '@/lib/api/route';
import { NOT_FOUND_MESSAGE } from '@/lib/envolvements/service';
import { getWaitState, startWaiting, stopWaiting } from '@/lib/spot-waits/service';

const rateLimit = { name: 'spotWait', per: 'user' } as const;

// GET /api/post/{id}/waitlist: whether the viewer waits for a spot (the offer dialog asks)
export const GET = authedRoute(async ({ params, viewer }) =>
  getWaitState(viewer, parseId(params.id, NOT_FOUND_MESSAGE)),
);

// POST /api/post/{id}/waitlist: tell the viewer when a spot opens on this sold-out envolvement
export const POST = authedRoute(
  async ({ params, viewer }) => {
    const { created, ...state } = await startWaiting(viewer, parseId(params.id, NOT_FOUND_MESSAGE));
    return Response.json(state, { status: created ? 201 : 200 });
  },
  { rateLimit },
);

// DELETE /api/post/{id}/waitlist: the viewer stops waiting
export const DELETE = authedRoute(
  async ({ params, viewer }) => stopWaiting(viewer, parseId(params.id, NOT_FOUND_MESSAGE)),
  { rateLimit },
);
