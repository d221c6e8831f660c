import { z } from 'zod';
import { addUpdate, NOT_FOUND_MESSAGE } from '@/lib/envolvements/service';
import { authedRoute, parseId, readJson } from '@/lib/http/route';

// POST /api/post/add-comment/{id}: the creator posts an update
export const POST = authedRoute(async ({ request, params, viewer }) => {
  const id = parseId(params.id, NOT_FOUND_MESSAGE);
  const body = await readJson(request, z.unknown());
  return Response.json(await addUpdate(viewer, id, body), { status: 201 });
});
