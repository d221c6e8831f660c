import { z } from 'zod';
import { createEnvolvement } from '@/lib/envolvements/service';
import { authedRoute, readJson } from '@/lib/http/route';

// POST /api/post/new-base-envolvement: publish a new envolvement (creator from the session)
export const POST = authedRoute(async ({ request, viewer }) => {
  const body = await readJson(request, z.unknown());
  const { id } = await createEnvolvement(viewer, body);
  return { postedID: id };
});
